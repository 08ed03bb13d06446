import { useEffect, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens, Toolbar, ToolbarDivider } from '@fluentui/react-components'
import { AddRegular, ArrowDownloadRegular, ArrowUploadRegular, BeakerRegular, BracesRegular, DatabaseArrowDownRegular, EraserRegular, SparkleRegular } from '@fluentui/react-icons'
import { useConfirm } from '../../../components/useConfirm'
import { useViewOnly } from '../../../components/viewOnly'
import { ExcelImportDialog } from './ExcelImportDialog'
import { JsonParseDialog } from './JsonParseDialog'
import { MappingTable } from './MappingTable'
import { SmartMappingDialog } from './SmartMappingDialog'
import { useMappingCheck } from './useMappingCheck'
import { useMappingImports } from './useMappingImports'
import type { MappingTableState } from './useMappingTable'
import { useSmartMappingLists, useTopicProducer } from './useSmartMappingLists'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  count: { color: tokens.colorNeutralForeground3 },
})

export interface MappingTabProps {
  table: MappingTableState
  topicId: string
  topicCode: string
  consumerId: string
}

/**
 * The consumer's field-mapping tab (part 2 §2): toolbar (upload Excel, download template, add row,
 * clear all), side buttons (get all fields, smart mapping when the producer reads a database,
 * parse fields from JSON) and the table. Every bulk source goes through the merge rule. An Excel
 * file can also be dropped on the tab. View mode disables everything.
 */
export function MappingTab({ table, topicId, topicCode, consumerId }: MappingTabProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const viewOnly = useViewOnly()
  const { confirm, dialog } = useConfirm()
  const [jsonOpen, setJsonOpen] = useState(false)
  const [smartOpen, setSmartOpen] = useState(false)
  const producer = useTopicProducer(topicId)
  const smartLists = useSmartMappingLists(smartOpen, producer, topicCode, consumerId)
  const imports = useMappingImports({ topicCode, consumerId, merge: table.merge })
  const busy = imports.busy != null
  const check = useMappingCheck(producer, topicCode, consumerId)
  const { clear: clearCheck } = check
  // Marks speak of the rows that were checked: an edit makes them stale.
  useEffect(() => clearCheck(), [table.rows, clearCheck])
  const checking = check.state.kind === 'running'

  const clearAll = async () => {
    if (await confirm({ title: t('mapping:clear'), message: t('mapping:clear_confirm') })) table.clear()
  }
  const onDrop = (e: DragEvent) => {
    if (viewOnly || e.dataTransfer.files.length === 0) return
    e.preventDefault()
    void imports.dropFiles(Array.from(e.dataTransfer.files))
  }

  return (
    <div className={styles.root} onDragOver={(e) => !viewOnly && e.dataTransfer.types.includes('Files') && e.preventDefault()} onDrop={onDrop}>
      <div className={styles.bar}>
        <Toolbar aria-label={t('mapping:toolbar')}>
          <Button appearance="subtle" icon={<ArrowUploadRegular />} disabled={viewOnly || busy} onClick={() => void imports.uploadExcel()}>
            {t('mapping:upload_excel')}
          </Button>
          <Button appearance="subtle" icon={<ArrowDownloadRegular />} disabled={viewOnly || busy} onClick={() => void imports.downloadTemplate()}>
            {t('mapping:download_template')}
          </Button>
          <Button appearance="subtle" icon={<AddRegular />} disabled={viewOnly} onClick={table.add}>
            {t('mapping:add_row')}
          </Button>
          <Button appearance="subtle" icon={<EraserRegular />} disabled={viewOnly || table.rows.length === 0} onClick={() => void clearAll()}>
            {t('mapping:clear')}
          </Button>
          <ToolbarDivider />
          <Button appearance="subtle" icon={<DatabaseArrowDownRegular />} disabled={viewOnly || busy} onClick={() => void imports.getAllFields()}>
            {t('mapping:get_all_fields')}
          </Button>
          {/* Part 2 §2: smart mapping only when the producer's production mode is dblink. */}
          {producer?.productionMode === 'dblink' && (
            <Button appearance="subtle" icon={<SparkleRegular />} disabled={viewOnly} onClick={() => setSmartOpen(true)}>
              {t('mapping:smart_mapping')}
            </Button>
          )}
          <Button appearance="subtle" icon={<BracesRegular />} disabled={viewOnly} onClick={() => setJsonOpen(true)}>
            {t('mapping:parse_json')}
          </Button>
          {/* Issue 18: reads and maps sample rows only, so it is offered in view mode too. */}
          {producer?.productionMode === 'dblink' && (
            <Button appearance="subtle" icon={<BeakerRegular />} disabled={checking || !check.available} title={check.available ? undefined : t('mapping:check_needs_query')} onClick={() => void check.run(table.rows)}>
              {t('mapping:check_sample')}
            </Button>
          )}
        </Toolbar>
        {busy || (smartOpen && !smartLists.targets) ? (
          <Spinner size="tiny" labelPosition="after" label={imports.busy === 'excel' ? t('mapping:importing') : t('widgets:loading')} />
        ) : (
          <Text className={styles.count}>{t('mapping:row_count', { count: table.rows.length })}</Text>
        )}
      </div>
      {checking && <Spinner size="tiny" labelPosition="after" label={t('mapping:check_running')} />}
      {check.state.kind === 'failed' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{check.state.message}</MessageBarBody>
        </MessageBar>
      )}
      {check.state.kind === 'done' && <CheckSummary rows={check.state.rows} marks={[...check.state.marks.values()]} />}
      <MappingTable table={table} disabled={viewOnly} marks={check.state.kind === 'done' ? check.state.marks : undefined} />
      {imports.preview && <ExcelImportDialog preview={imports.preview} onImport={imports.importPreview} onClose={imports.closePreview} />}
      {jsonOpen && <JsonParseDialog open onSave={(pairs) => table.merge(pairs)} onClose={() => setJsonOpen(false)} />}
      {/* Mounted once its lists are there: content swapped under the focus would leave the modal unreachable. */}
      {smartOpen && smartLists.sources && smartLists.targets && (
        <SmartMappingDialog open sources={smartLists.sources} targets={smartLists.targets} onSave={(pairs) => table.merge(pairs)} onClose={() => setSmartOpen(false)} />
      )}
      {dialog}
    </div>
  )
}

/** What the check found, in one line; the rows themselves carry their marks. */
function CheckSummary({ rows, marks }: { rows: number; marks: readonly { kind: 'empty' | 'fail' }[] }) {
  const { t } = useTranslation()
  const empty = marks.filter((m) => m.kind === 'empty').length
  const failed = marks.filter((m) => m.kind === 'fail').length
  return (
    <MessageBar intent={failed > 0 ? 'error' : empty > 0 ? 'warning' : 'success'} role="status">
      <MessageBarBody>{empty + failed === 0 ? t('mapping:check_clean', { rows }) : t('mapping:check_summary', { rows, empty, failed })}</MessageBarBody>
    </MessageBar>
  )
}
