import { webhookList } from '../../../shared/contract/alarms/webhooks'
import type { CustomWidgetProps } from '../../admin/resource'
import { useHubQuery } from '../../api/query'
import { AlarmChannels } from '../../components/alarm/AlarmChannels'

/**
 * The receivers of a rule whose alarms belong to no object (licence, node): the object editors'
 * channel list, kept in the same alarm JSON the hub reads (objData), with the alert centre's
 * robots and webhooks to pick from and the SMS gateway named. A webhook list that fails to load
 * leaves the receivers to be typed.
 */
export function AlarmRuleReceivers({ value, onChange, onBlur, disabled }: CustomWidgetProps) {
  const { data: webhooks } = useHubQuery(webhookList, {}, { quiet: true })
  return (
    <AlarmChannels
      value={typeof value === 'string' ? value : ''}
      onChange={(alarm) => onChange(alarm)}
      onBlur={onBlur}
      {...(disabled === undefined ? {} : { disabled })}
      {...(webhooks ? { webhooks } : {})}
    />
  )
}
