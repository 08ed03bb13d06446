import { useTranslation } from 'react-i18next'
import { PlayRegular, TextBulletListLtrRegular } from '@fluentui/react-icons'
import { useDictionaryLabel } from '../../../../components/DictionarySelect'
import { useFlowActions } from '../flowActions'
import type { FlowRowModel } from '../flowRow'
import { isRunning } from '../statusTone'
import { useProducerSchedule } from '../useProducerSchedule'
import { FlowBox, type BoxAction } from './FlowBox'
import { ScheduleLine } from './ScheduleLine'
import { useBoxActions } from './useBoxActions'
import { useRunWithFileAction } from './useRunWithFile'
import { ChangingMark } from '../../../../components/changing/ChangingMark'

/**
 * The producer box: application, status; in detail mode production mode and alarm status. A
 * producer the hub fetches for also shows its last run and next fire, and offers "run now" and
 * its run history.
 */
export function ProducerBox({ row, detail }: { row: FlowRowModel; detail: boolean }) {
  const { t } = useTranslation()
  const mode = useDictionaryLabel('dh_producer_production_mode')
  const alarm = useDictionaryLabel('dh_system_check_warning')
  const flow = useFlowActions()
  const p = row.producer.data
  const status = p?.status ?? '0'
  const running = isRunning('producer', status)
  const schedule = useProducerSchedule(row)
  const runActions: BoxAction[] = schedule.scheduled
    ? [
        // The hub refuses a run of a stopped producer or topic (its toast says so); the button says it first.
        { id: 'runNow', label: t('runs:run_now'), icon: <PlayRegular />, disabled: !schedule.firing, onClick: () => void flow.runNow(row) },
        { id: 'runs', label: t('runs:action_runs'), icon: <TextBulletListLtrRegular />, onClick: () => flow.runs(row) },
      ]
    : []
  const runWithFile = useRunWithFileAction(row, running)
  const actions = [...useBoxActions('producer', row, undefined, { blank: p == null, running, editable: status === '0' }), ...runActions, ...(runWithFile ? [runWithFile] : [])]
  const title = p ? p.appName || p.appCode : t('flow:producer_blank')
  return (
    <FlowBox
      mark={<ChangingMark objectType="producer" objectId={p?.id} />}
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
    >
      {schedule.scheduled && <ScheduleLine schedule={schedule} onOpenRuns={() => flow.runs(row)} />}
    </FlowBox>
  )
}
