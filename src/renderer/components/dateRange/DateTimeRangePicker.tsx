import { useState, type JSX } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, makeStyles, tokens } from '@fluentui/react-components'
import { DateTimeInput } from './DateTimeInput'

const useStyles = makeStyles({ root: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' } })

/** Local date-times as the inputs give them: yyyy-MM-ddTHH:mm (or with :ss); '' when not chosen. */
export interface DateTimeRangeValue {
  start: string
  end: string
}

type Problem = 'startAfterEnd' | 'endBeforeStart' | null

/**
 * The order rule of the date-time range (spec part 1 §5, part 2 §5): a start after the end, or
 * an end before the start, is refused with the spec's message and the value just chosen is
 * cleared, so the range handed on is never reversed. Equal times are accepted.
 */
export function checkDateTimeRange(previous: DateTimeRangeValue, next: DateTimeRangeValue): { value: DateTimeRangeValue; problem: Problem } {
  const reversed = next.start !== '' && next.end !== '' && Date.parse(next.start) > Date.parse(next.end)
  if (!reversed) return { value: next, problem: null }
  if (next.start !== previous.start) return { value: { ...next, start: '' }, problem: 'startAfterEnd' }
  return { value: { ...next, end: '' }, problem: 'endBeforeStart' }
}

export interface DateTimeRangePickerProps {
  value: DateTimeRangeValue
  onChange(v: DateTimeRangeValue): void
  /** Include seconds (yyyy-MM-dd HH:mm:ss, the spec's default format). */
  seconds?: boolean
}

export function DateTimeRangePicker({ value, onChange, seconds = true }: DateTimeRangePickerProps): JSX.Element {
  const { t } = useTranslation()
  const styles = useStyles()
  const [problem, setProblem] = useState<Problem>(null)
  const change = (next: DateTimeRangeValue) => {
    const checked = checkDateTimeRange(value, next)
    setProblem(checked.problem)
    onChange(checked.value)
  }
  return (
    <div className={styles.root}>
      <Field label={t('widgets:datetime_start')} validationMessage={problem === 'startAfterEnd' ? t('widgets:datetime_start_after_end') : undefined}>
        <DateTimeInput seconds={seconds} value={value.start} onChange={(start) => change({ ...value, start })} />
      </Field>
      <Field label={t('widgets:datetime_end')} validationMessage={problem === 'endBeforeStart' ? t('widgets:datetime_end_before_start') : undefined}>
        <DateTimeInput seconds={seconds} value={value.end} onChange={(end) => change({ ...value, end })} />
      </Field>
    </div>
  )
}
