import { memo, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, Input, makeStyles, Radio, RadioGroup, tokens } from '@fluentui/react-components'
import { POLLING, TIMETABLE, type ScheduleFields } from '../../../shared/rules/datahub/producerModes'
import { DictionarySelect } from '../DictionarySelect'
import { DateTimeInput } from '../dateRange/DateTimeInput'
import { FormField } from '../FormField'
import { LabeledGroup } from './LabeledGroup'
import { useViewOnly } from '../viewOnly'
import { AM_HOURS, MINUTES, PM_HOURS, splitList, toggleIn, WEEKDAYS } from './scheduleValues'

const useStyles = makeStyles({
  boxes: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXS },
  interval: { width: '140px' },
})

export interface ScheduleValue extends ScheduleFields {
  intervalUnit: string
  /** Polling's first fire (a local date-time); shown only when the owner stores one. */
  pollingStartTime?: string
}

export interface ScheduleEditorProps {
  value: ScheduleValue
  onChange: (change: Partial<ScheduleValue>) => void
  onBlur: (field: keyof ScheduleValue) => void
  /** Message keys by field (weeks, amHours, minutes, pollingInterval, intervalUnit). */
  errors: Record<string, string | undefined>
  /** Under the polling start: whose clock it is read by (the hub's time zone). */
  startHint?: string | undefined
}

/**
 * The scheduling widget (spec §2): strategy radio (timetable / polling); a timetable picks
 * weekdays, hours (00–11, 12–23) and minutes (every 5); polling picks a start and an interval in
 * minutes, hours, days or weeks (dictionary pf_producer_interval_units).
 */
function ScheduleEditorView({ value, onChange, onBlur, errors, startHint }: ScheduleEditorProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const viewOnly = useViewOnly()
  const uid = useId()
  const boxes = (field: 'weeks' | 'amHours' | 'pmHours' | 'minutes', all: readonly string[], label: (v: string) => string) => {
    const chosen = new Set(splitList(value[field]))
    return (
      <div className={styles.boxes}>
        {all.map((v) => (
          <Checkbox
            key={v}
            id={`${uid}-${field}-${v}`}
            label={label(v)}
            checked={chosen.has(v)}
            disabled={viewOnly}
            onChange={(_, d) => onChange({ [field]: toggleIn(value[field], v, d.checked === true, all) })}
            onBlur={() => onBlur(field)}
          />
        ))}
      </div>
    )
  }
  return (
    <>
      <FormField label={t('widgets:schedule_strategy')} required>
        <RadioGroup layout="horizontal" value={value.requestStrategy} disabled={viewOnly} onChange={(_, d) => onChange({ requestStrategy: d.value })}>
          <Radio value={TIMETABLE} label={t('widgets:schedule_timetable')} />
          <Radio value={POLLING} label={t('widgets:schedule_polling')} />
        </RadioGroup>
      </FormField>
      {value.requestStrategy === TIMETABLE && (
        <>
          <LabeledGroup label={t('widgets:schedule_weeks')} errorKey={errors.weeks} required>
            {boxes('weeks', WEEKDAYS, (v) => t(`widgets:weekday_${v}`))}
          </LabeledGroup>
          <LabeledGroup label={t('widgets:schedule_am_hours')} errorKey={errors.amHours} required>
            {boxes('amHours', AM_HOURS, (v) => v)}
          </LabeledGroup>
          <LabeledGroup label={t('widgets:schedule_pm_hours')}>{boxes('pmHours', PM_HOURS, (v) => v)}</LabeledGroup>
          <LabeledGroup label={t('widgets:schedule_minutes')} errorKey={errors.minutes} required>
            {boxes('minutes', MINUTES, (v) => v)}
          </LabeledGroup>
        </>
      )}
      {value.requestStrategy === POLLING && (
        <>
          {value.pollingStartTime !== undefined && (
            <FormField label={t('widgets:schedule_polling_start')} errorKey={errors.pollingStartTime} {...(startHint ? { hint: startHint } : {})}>
              <DateTimeInput value={value.pollingStartTime} disabled={viewOnly} onChange={(pollingStartTime) => onChange({ pollingStartTime })} onBlur={() => onBlur('pollingStartTime')} />
            </FormField>
          )}
          <FormField label={t('widgets:schedule_polling_interval')} errorKey={errors.pollingInterval} required>
            <Input
              className={styles.interval}
              inputMode="numeric"
              value={value.pollingInterval}
              disabled={viewOnly}
              onChange={(_, d) => onChange({ pollingInterval: d.value.trim() })}
              onBlur={() => onBlur('pollingInterval')}
            />
          </FormField>
          <FormField label={t('widgets:schedule_interval_unit')} errorKey={errors.intervalUnit} required>
            <DictionarySelect dictType="pf_producer_interval_units" value={value.intervalUnit} onChange={(v) => onChange({ intervalUnit: v })} onBlur={() => onBlur('intervalUnit')} />
          </FormField>
        </>
      )}
    </>
  )
}

const FIELDS = ['requestStrategy', 'weeks', 'amHours', 'pmHours', 'minutes', 'pollingInterval', 'intervalUnit', 'pollingStartTime'] as const
/**
 * 43 checkboxes: re-rendered only when a schedule value or message changes, not on every key
 * typed elsewhere in the form (the owner's callbacks may be recreated; they only forward).
 */
export const ScheduleEditor = memo(ScheduleEditorView, (a, b) => a.startHint === b.startHint && FIELDS.every((f) => a.value[f] === b.value[f] && a.errors[f] === b.errors[f]))
