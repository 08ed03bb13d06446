import { useEffect, useState, type JSX } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, Input, makeStyles, Select, tokens, useId } from '@fluentui/react-components'
import { DATE_RANGE_PRESETS, daysRange, formatDay, parseDay, rangeOf, type DateRange, type DateRangePreset } from './dateRanges'

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'flex-end', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  select: { minWidth: '120px' },
  dates: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
})

export interface DateRangeValue {
  preset: DateRangePreset
  range: DateRange
}

export interface DateRangeDropdownProps {
  value: DateRangeValue
  onChange(v: DateRangeValue): void
  label?: string
}

/**
 * The spec's date-range dropdown (part 2 §2, §9): a preset (this week by default, chosen by the
 * caller's initial value) or 'custom' with two date inputs. A custom range is reported only once
 * both days are valid and in order, so the list never loads a reversed range.
 */
export function DateRangeDropdown({ value, onChange, label }: DateRangeDropdownProps): JSX.Element {
  const { t } = useTranslation()
  const styles = useStyles()
  const selectId = useId('date-range')
  // The typed days are kept locally: a half-typed or reversed pair is not a range yet.
  const [start, setStart] = useState(formatDay(value.range.start))
  const [end, setEnd] = useState(formatDay(value.range.end))
  const [orderError, setOrderError] = useState(false)
  useEffect(() => {
    setStart(formatDay(value.range.start))
    setEnd(formatDay(value.range.end))
  }, [value.range.start, value.range.end])

  const choose = (preset: DateRangePreset) => {
    setOrderError(false)
    // 'custom' keeps the current range as its starting point, to be edited.
    onChange({ preset, range: preset === 'custom' ? value.range : rangeOf(preset) })
  }
  const edit = (nextStart: string, nextEnd: string) => {
    setStart(nextStart)
    setEnd(nextEnd)
    const s = parseDay(nextStart)
    const e = parseDay(nextEnd)
    if (!s || !e) return
    const reversed = s.getTime() > e.getTime()
    setOrderError(reversed)
    if (!reversed) onChange({ preset: 'custom', range: daysRange(s, e) })
  }

  return (
    <div className={styles.root}>
      <Field label={label ?? t('widgets:daterange_label')}>
        <Select id={selectId} className={styles.select} value={value.preset} onChange={(_, d) => choose(d.value as DateRangePreset)}>
          {DATE_RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`widgets:daterange_${p}`)}
            </option>
          ))}
        </Select>
      </Field>
      {value.preset === 'custom' && (
        <div className={styles.dates}>
          <Field label={t('widgets:daterange_start')} validationMessage={orderError ? t('widgets:daterange_order') : undefined}>
            <Input type="date" value={start} onChange={(_, d) => edit(d.value, end)} />
          </Field>
          <Field label={t('widgets:daterange_end')}>
            <Input type="date" value={end} onChange={(_, d) => edit(start, d.value)} />
          </Field>
        </div>
      )}
    </div>
  )
}
