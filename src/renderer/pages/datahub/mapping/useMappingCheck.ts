import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Producer } from '../../../../shared/contract/datahub/producer'
import { topicSimulate, type ConsumerResult } from '../../../../shared/contract/datahub/simulate'
import { producerPreviewSqlData } from '../../../../shared/contract/datahub/sqlTools'
import { generatedQuery } from '../../../../shared/rules/datahub/producerModes'
import { callHub } from '../../../api/hub'
import { textFromRows, type MappingRow } from './mappingTable'
import { checkableRows, marksOf, recordsOf, stoppedAt, type RowMark } from './mappingCheck'

/** Sample rows the check reads from the producer's SQL preview. */
export const CHECK_SAMPLE_ROWS = 5

export type MappingCheckState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; rows: number; marks: Map<number, RowMark> }
  /** Why the check could not finish: a hub refusal, or the step the sample stopped at. */
  | { kind: 'failed'; message: string }

/** The query the producer reads with: its own SQL, else the one generated from its table and columns. */
export function producerQuery(producer: Producer | null): string {
  const model = producer?.productionMode === 'dblink' ? producer.dbLinkRequestInfoModel : undefined
  if (!model) return ''
  if (model.querySql?.trim()) return model.querySql.trim()
  return model.tableName?.trim() ? generatedQuery(model.tableName.trim(), model.columnModelList ?? []) : ''
}

/**
 * "Check against sample rows" (issue 18): the first rows of the producer's SQL preview, each
 * message as the producer would send it (one per row, or one array per batch), through the flow
 * simulator for this consumer with the editor's current, unsaved mappings and the target table's
 * column types; marks the rows whose column would be empty or fail. Nothing is written.
 */
export function useMappingCheck(producer: Producer | null, topicCode: string, consumerId: string) {
  const { t } = useTranslation()
  const [state, setState] = useState<MappingCheckState>({ kind: 'idle' })
  const querySql = producerQuery(producer)

  const run = async (rows: readonly MappingRow[]) => {
    if (!producer || !querySql) return
    setState({ kind: 'running' })
    const preview = await callHub(producerPreviewSqlData, { producerId: producer.id, querySql, dataNum: CHECK_SAMPLE_ROWS }, { quiet: true })
    if (!preview.ok) return setState({ kind: 'failed', message: preview.message })
    const records = recordsOf(preview.data)
    const sent = checkableRows(rows)
    const batched = producer.dbLinkRequestInfoModel?.batchGetData === '1'
    const messages: unknown[] = batched ? [records] : records
    const results: ConsumerResult[] = []
    for (const message of messages) {
      const r = await callHub(topicSimulate, { topicCode, consumerId, sample: JSON.stringify(message), fieldMappings: textFromRows(sent), readTargetColumns: true }, { quiet: true })
      if (!r.ok) return setState({ kind: 'failed', message: r.message })
      const stopped = stoppedAt(r.data)
      if (stopped) return setState({ kind: 'failed', message: t('mapping:check_stopped', { step: t(stopped[0]), reason: stopped[1] }) })
      results.push(...r.data.consumers)
    }
    setState({ kind: 'done', rows: records.length, marks: marksOf(sent, results) })
  }

  const clear = useCallback(() => setState({ kind: 'idle' }), [])
  return { state, run, available: querySql !== '' && consumerId !== '', clear }
}
