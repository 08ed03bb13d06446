import { useTranslation } from 'react-i18next'
import { useDictionaryLabel } from '../../../../components/DictionarySelect'
import type { FlowRowModel } from '../flowRow'
import { isRunning } from '../statusTone'
import { FlowBox } from './FlowBox'
import { useBoxActions } from './useBoxActions'
import { useRunWithFileAction } from './useRunWithFile'

/** The producer box: application, status; in detail mode production mode and alarm status. */
export function ProducerBox({ row, detail }: { row: FlowRowModel; detail: boolean }) {
  const { t } = useTranslation()
  const mode = useDictionaryLabel('dh_producer_production_mode')
  const alarm = useDictionaryLabel('dh_system_check_warning')
  const p = row.producer.data
  const status = p?.status ?? '0'
  const running = isRunning('producer', status)
  const boxActions = useBoxActions('producer', row, undefined, { blank: p == null, running, editable: status === '0' })
  const runWithFile = useRunWithFileAction(row, running)
  const actions = runWithFile ? [...boxActions, runWithFile] : boxActions
  const title = p ? p.appName || p.appCode : t('flow:producer_blank')
  return (
    <FlowBox
      label={p ? t('flow:box_producer', { name: title }) : title}
      kindLabel={t('flow:kind_producer')}
      title={title}
      statusLabel={p == null ? t('flow:status_blank') : running ? t('flow:status_running') : t('flow:status_not_started')}
      running={running}
      blank={p == null}
      details={
        detail && p
          ? [
              [t('flow:detail_mode'), mode(p.productionMode)],
              [t('flow:detail_alarm'), alarm(p.alarmStatus)],
              [t('flow:detail_app_code'), p.appCode],
            ]
          : undefined
      }
      actions={actions}
    />
  )
}
