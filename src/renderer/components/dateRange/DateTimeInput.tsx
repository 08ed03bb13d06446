import { useEffect, useRef, useState, type JSX } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Input, makeStyles, type InputProps } from '@fluentui/react-components'
import { CalendarRegular } from '@fluentui/react-icons'

const useStyles = makeStyles({
  // The native input only lends its picker: kept in the layout (showPicker needs a rendered box), never seen or reached.
  native: { position: 'absolute', width: '1px', height: '1px', opacity: 0, pointerEvents: 'none', border: 'none', padding: 0 },
  root: { position: 'relative', display: 'inline-flex' },
})

/** Shown: the spec's form, `yyyy-MM-dd HH:mm[:ss]`. */
const shown = (value: string) => value.replace('T', ' ')
/** Handed on: the ISO local form the forms and filters hold (`yyyy-MM-ddTHH:mm[:ss]`); text that is not a date-time as typed, for the rule to refuse. */
const handed = (text: string) => (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text.trim()) ? text.trim().replace(' ', 'T') : text.trim())

export interface DateTimeInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value: string
  onChange: (value: string) => void
  /** Include seconds (the spec's default format yyyy-MM-dd HH:mm:ss). */
  seconds?: boolean
}

/**
 * A local date-time in the spec's format whatever the console's language (issue 33 item 13):
 * Chromium's own datetime-local field draws the operating system's format (mm/dd/yyyy in a
 * Chinese console on an English system) and cannot be told otherwise. The text is typed in the
 * spec's form; the calendar button opens the native picker for choosing with the mouse.
 */
export function DateTimeInput({ value, onChange, seconds = true, disabled, ...rest }: DateTimeInputProps): JSX.Element {
  const { t } = useTranslation()
  const styles = useStyles()
  const native = useRef<HTMLInputElement>(null)
  const [draft, setDraft] = useState(shown(value))
  // A value the owner did not take or changed itself (a reset, the range rule clearing a reversed
  // end) replaces what is typed; what it took stays as typed.
  useEffect(() => {
    if (handed(draft) !== value) setDraft(shown(value))
  }, [value, draft])
  const type = (text: string) => {
    setDraft(text)
    onChange(handed(text))
  }
  const pick = () => {
    const input = native.current
    if (!input) return
    input.value = handed(draft)
    // Not in every engine (jsdom has none); the text stays the way to enter a time.
    input.showPicker?.()
  }
  return (
    <span className={styles.root}>
      <Input
        {...rest}
        value={draft}
        disabled={disabled}
        placeholder={seconds ? 'yyyy-MM-dd HH:mm:ss' : 'yyyy-MM-dd HH:mm'}
        onChange={(_, d) => type(d.value)}
        contentAfter={<Button appearance="transparent" size="small" icon={<CalendarRegular />} disabled={disabled} aria-label={t('widgets:datetime_pick')} onClick={pick} />}
      />
      <input
        ref={native}
        className={styles.native}
        type="datetime-local"
        step={seconds ? 1 : 60}
        tabIndex={-1}
        aria-hidden
        onChange={(e) => type(shown(e.target.value))}
      />
    </span>
  )
}
