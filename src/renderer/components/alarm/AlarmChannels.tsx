import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, Input, makeStyles, mergeClasses, Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, tokens } from '@fluentui/react-components'
import type { AlarmWebhook } from '../../../shared/contract/alarms/webhooks'
import type { WebhookKind } from '../../../shared/rules/alarms/incidents'
import { splitList } from '../../../shared/rules/platform/messaging/channel'
import { useViewOnly } from '../viewOnly'
import { parseAlarm, serialiseAlarm, type AlarmChannel, type AlarmEntry } from './alarmConfig'

const useStyles = makeStyles({
  line: { display: 'grid', gridTemplateColumns: '140px 1fr', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  /** With a pick button after the receivers. */
  picking: { gridTemplateColumns: '140px 1fr auto' },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  note: { gridColumn: '2 / -1', color: tokens.colorNeutralForeground3 },
  warning: { gridColumn: '2 / -1', color: tokens.colorPaletteDarkOrangeForeground1 },
})

/** The robots and webhooks the alert centre knows, to pick receivers from. */
export type PickableWebhook = Pick<AlarmWebhook, 'code' | 'name' | 'kind' | 'status'>

/** Which webhooks a channel's receivers name (hub alarms/objects.ts): robots for dingding, our webhooks for http. */
const KINDS_OF: Partial<Record<AlarmChannel, readonly WebhookKind[]>> = { dingding: ['dingtalk', 'wecom', 'feishu'], http: ['http'] }

export interface AlarmChannelsProps {
  /** The alarm configuration as JSON text (spec §3 `alarm`). */
  value: string
  /** The new JSON text, and its entries (the object editors also fill receiveEmail from them). */
  onChange: (alarm: string, entries: AlarmEntry[]) => void
  onBlur?: () => void
  disabled?: boolean
  /**
   * When given, robots and webhooks are picked from these (by code, added to the receivers) and
   * the mobile channel says which SMS gateway sends. Without, receivers are typed: the object
   * editors' users may not see the alert centre's webhooks.
   */
  webhooks?: readonly PickableWebhook[]
}

/**
 * The alarm channels (email, mobile, dingding, http), each on or off with its receivers: the one
 * receiver editor of the object editors (AlarmFields) and of the rules whose alarms belong to no
 * object (licence, node). Receivers are comma separated: addresses, mobile numbers, webhook codes
 * or URLs, as the hub reads them.
 */
export function AlarmChannels({ value, onChange, onBlur, disabled, webhooks }: AlarmChannelsProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const viewOnly = useViewOnly() || disabled === true
  // Own ids: inside a Field every control would otherwise share the field's id.
  const uid = useId()
  const config = parseAlarm(value)
  const setEntry = (type: AlarmChannel, change: Partial<AlarmEntry>) => {
    const objData = config.objData.map((e) => (e.type === type ? { ...e, ...change } : e))
    onChange(serialiseAlarm({ ...config, objData }), objData)
  }
  const pick = (entry: AlarmEntry, code: string) => {
    const receivers = splitList(entry.receiver)
    setEntry(entry.type, { status: '1', receiver: (receivers.includes(code) ? receivers : [...receivers, code]).join(',') })
  }
  // The hub sends SMS through the enabled gateway first by code.
  const gateway = webhooks?.filter((w) => w.kind === 'sms' && w.status === '1').sort((a, b) => a.code.localeCompare(b.code))[0]
  return (
    <div className={styles.stack}>
      {config.objData.map((e) => {
        const type = e.type
        const name = t(`widgets:alarm_${type}`)
        const kinds = KINDS_OF[type]
        const pickable = kinds && webhooks ? webhooks.filter((w) => w.status === '1' && kinds.includes(w.kind)) : null
        return (
          <div key={type} className={webhooks ? mergeClasses(styles.line, styles.picking) : styles.line}>
            <Checkbox id={`${uid}-${type}`} label={name} checked={e.status === '1'} disabled={viewOnly} onChange={(_, d) => setEntry(type, { status: d.checked === true ? '1' : '0' })} />
            <Input
              id={`${uid}-${type}-receiver`}
              value={e.receiver}
              disabled={viewOnly || e.status !== '1'}
              aria-label={t('widgets:alarm_receiver', { channel: name })}
              placeholder={t('widgets:alarm_receiver_hint')}
              onChange={(_, d) => setEntry(type, { receiver: d.value })}
              onBlur={onBlur}
            />
            {pickable ? (
              <Menu>
                <MenuTrigger disableButtonEnhancement>
                  <MenuButton disabled={viewOnly} aria-label={t('widgets:alarm_pick_for', { channel: name })}>
                    {t('widgets:alarm_pick')}
                  </MenuButton>
                </MenuTrigger>
                <MenuPopover>
                  <MenuList>
                    {pickable.length === 0 && <MenuItem disabled>{t('widgets:alarm_pick_none')}</MenuItem>}
                    {pickable.map((w) => (
                      <MenuItem key={w.code} onClick={() => pick(e, w.code)}>
                        {t('widgets:alarm_pick_item', { name: w.name, code: w.code, kind: t(`alarms:webhook_kind_${w.kind}`) })}
                      </MenuItem>
                    ))}
                  </MenuList>
                </MenuPopover>
              </Menu>
            ) : (
              webhooks && <span />
            )}
            {type === 'mobile' && webhooks && e.status === '1' && (
              <Text size={200} className={gateway ? styles.note : styles.warning}>
                {gateway ? t('widgets:alarm_sms_gateway', { name: gateway.name, code: gateway.code }) : t('widgets:alarm_sms_no_gateway')}
              </Text>
            )}
          </div>
        )
      })}
    </div>
  )
}
