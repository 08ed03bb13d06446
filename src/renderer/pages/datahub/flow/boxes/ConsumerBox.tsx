import { useTranslation } from 'react-i18next'
import { ROUTE_BY_KEY } from '../../../../../shared/rules/datahub/topic'
import { useDictionaryLabel } from '../../../../components/DictionarySelect'
import type { ConsumerSlot, FlowRowModel } from '../flowRow'
import { isRunning } from '../statusTone'
import { useLiveCounts } from '../useLiveCounts'
import { FlowBox } from './FlowBox'
import { LiveCountsLine } from './LiveCountsLine'
import { useBoxActions } from './useBoxActions'
import { ChangingMark } from '../../../../components/changing/ChangingMark'

/** A consumer box: application, status, live counts of its deliveries; in detail mode consume type, alarm status, retry and (routing by key) the routing key. */
export function ConsumerBox({ row, slot, detail }: { row: FlowRowModel; slot: ConsumerSlot; detail: boolean }) {
  const { t } = useTranslation()
  const consumeType = useDictionaryLabel('pf_consumer_type')
  const alarm = useDictionaryLabel('dh_system_check_warning')
  const c = slot.data
  const status = c?.status ?? '0'
  const running = isRunning('consumer', status)
  const actions = useBoxActions('consumer', row, slot.key, { blank: c == null, running, editable: true })
  const live = useLiveCounts(c?.id ? row.topic.code : undefined)
  const title = c ? c.applicationName || c.applicationCode : t('flow:consumer_blank')
  const details: [string, string][] = []
  if (detail && c) {
    details.push([t('flow:detail_consume_type'), consumeType(c.dataConsumeType)])
    details.push([t('flow:detail_alarm'), alarm(c.alarmStatus)])
    details.push([t('flow:detail_retry'), c.retriable === '1' ? t('flow:retry_on', { num: c.retryNum, interval: c.retryTimeInterval }) : t('flow:retry_off')])
    // Spec §2: the routing key only when the topic routes by key.
    if (row.topic.distributeType === ROUTE_BY_KEY) details.push([t('flow:detail_routing_key'), c.routingKey])
  }
  return (
    <FlowBox
      mark={<ChangingMark objectType="consumer" objectId={c?.id} />}
      label={c ? t('flow:box_consumer', { name: title }) : title}
      kindLabel={t('flow:kind_consumer')}
      title={title}
      statusLabel={c == null ? t('flow:status_blank') : running ? t('flow:status_running') : status === '2' ? t('flow:status_stopped') : t('flow:status_not_started')}
      running={running}
      blank={c == null}
      details={details}
      actions={actions}
    >
      {c?.id && <LiveCountsLine counts={live?.consumers.get(c.id)} topicCode={row.topic.code} />}
    </FlowBox>
  )
}
