import { useTranslation } from 'react-i18next'
import { AlarmChannels } from '../../../components/alarm/AlarmChannels'
import { FormField } from '../../../components/FormField'
import { LabeledGroup } from '../../../components/schedule/LabeledGroup'
import { YesNoRadio } from './YesNoRadio'

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
  return (
    <>
      <FormField label={t('widgets:alarm_status')} errorKey={errors.alarmStatus}>
        <YesNoRadio value={values.alarmStatus} onChange={(v) => onChange({ alarmStatus: v })} />
      </FormField>
      {values.alarmStatus === '1' && (
        <LabeledGroup label={t('widgets:alarm_channels')} errorKey={errors.alarm ?? errors.receiveEmail}>
          <AlarmChannels
            value={values.alarm}
            onChange={(alarm, entries) => {
              const email = entries.find((e) => e.type === 'email')
              onChange({ alarm, receiveEmail: email?.status === '1' ? email.receiver : '' })
            }}
            onBlur={() => onBlur('alarm')}
          />
        </LabeledGroup>
      )}
    </>
  )
}
