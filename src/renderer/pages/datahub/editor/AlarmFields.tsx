import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, Input, makeStyles, tokens } from '@fluentui/react-components'
import { ALARM_CHANNEL_VALUE, type AlarmConfig } from '../../../../shared/contract/datahub/common'
import { FormField } from '../../../components/FormField'
import { LabeledGroup } from '../../../components/schedule/LabeledGroup'
import { useViewOnly } from '../../../components/viewOnly'
import { YesNoRadio } from './YesNoRadio'

type Channel = keyof typeof ALARM_CHANNEL_VALUE
const CHANNELS = Object.keys(ALARM_CHANNEL_VALUE) as Channel[]
type Entry = AlarmConfig['objData'][number]

const useStyles = makeStyles({
  line: { display: 'grid', gridTemplateColumns: '140px 1fr', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
})

/**
 * The alarm configuration (spec §3, carried as JSON text in `alarm`): one entry per channel
 * (email 1, mobile 2, dingding 3, http 5) with its status and receivers, and the callback
 * settings (callbackStatus, callbackRule 1 after all consumers finish, 2 after each). Text that
 * is not such JSON reads as an empty configuration.
 */
export function parseAlarm(text: string): { objData: Entry[]; callbackData?: AlarmConfig['callbackData'] } {
  let parsed: Partial<AlarmConfig> = {}
  try {
    const value: unknown = text.trim() ? JSON.parse(text) : {}
    if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Partial<AlarmConfig>
  } catch {
    parsed = {}
  }
  const stored = Array.isArray(parsed.objData) ? parsed.objData : []
  const objData = CHANNELS.map((type) => stored.find((e) => e?.type === type) ?? { type, status: '0', value: ALARM_CHANNEL_VALUE[type], receiver: '' })
  return parsed.callbackData ? { objData, callbackData: parsed.callbackData } : { objData }
}

export const serialiseAlarm = (config: ReturnType<typeof parseAlarm>): string => JSON.stringify(config)

export interface AlarmValues {
  alarm: string
  alarmStatus: string
  receiveEmail: string
}

export interface AlarmFieldsProps {
  values: AlarmValues
  errors: Record<string, string | undefined>
  onChange: (change: Partial<AlarmValues>) => void
  onBlur: (field: keyof AlarmValues) => void
}

/** Alarm on or off, then per channel: on or off and its receivers (email also fills receiveEmail). */
export function AlarmFields({ values, errors, onChange, onBlur }: AlarmFieldsProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const viewOnly = useViewOnly()
  // Own ids: inside a Field every control would otherwise share the field's id.
  const uid = useId()
  const config = parseAlarm(values.alarm)
  const setEntry = (type: Channel, change: Partial<Entry>) => {
    const objData = config.objData.map((e) => (e.type === type ? { ...e, ...change } : e))
    const email = objData.find((e) => e.type === 'email')
    onChange({ alarm: serialiseAlarm({ ...config, objData }), receiveEmail: email?.status === '1' ? email.receiver : '' })
  }
  return (
    <>
      <FormField label={t('widgets:alarm_status')} errorKey={errors.alarmStatus}>
        <YesNoRadio value={values.alarmStatus} onChange={(v) => onChange({ alarmStatus: v })} />
      </FormField>
      {values.alarmStatus === '1' && (
        <LabeledGroup label={t('widgets:alarm_channels')} errorKey={errors.alarm ?? errors.receiveEmail}>
          <div className={styles.stack}>
            {config.objData.map((e) => {
              const type = e.type as Channel
              const name = t(`widgets:alarm_${type}`)
              return (
                <div key={type} className={styles.line}>
                  <Checkbox id={`${uid}-${type}`} label={name} checked={e.status === '1'} disabled={viewOnly} onChange={(_, d) => setEntry(type, { status: d.checked === true ? '1' : '0' })} />
                  <Input
                    id={`${uid}-${type}-receiver`}
                    value={e.receiver}
                    disabled={viewOnly || e.status !== '1'}
                    aria-label={t('widgets:alarm_receiver', { channel: name })}
                    placeholder={t('widgets:alarm_receiver_hint')}
                    onChange={(_, d) => setEntry(type, { receiver: d.value })}
                    onBlur={() => onBlur('alarm')}
                  />
                </div>
              )
            })}
          </div>
        </LabeledGroup>
      )}
    </>
  )
}
