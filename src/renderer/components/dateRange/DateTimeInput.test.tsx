// @vitest-environment jsdom
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { DateTimeInput } from './DateTimeInput'

afterEach(resetState)

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial)
  return (
    <DateTimeInput
      aria-label="开始时间"
      value={value}
      onChange={(v) => {
        seen.push(v)
        setValue(v)
      }}
    />
  )
}

describe('date-time input', () => {
  it.each(['zh-CN', 'en'])('shows and takes the spec’s yyyy-MM-dd HH:mm:ss in %s, whatever the system’s date format', async (locale) => {
    await i18n.changeLanguage(locale)
    const seen: string[] = []
    renderWithProviders(<Harness initial="2026-12-01T09:30:00" seen={seen} />)
    const input = screen.getByRole('textbox', { name: '开始时间' }) as HTMLInputElement
    // A text field, not Chromium's datetime-local, which draws the operating system's format.
    expect(input.type).toBe('text')
    expect(input.value).toBe('2026-12-01 09:30:00')
    expect(input.placeholder).toBe('yyyy-MM-dd HH:mm:ss')
    const user = userEvent.setup()
    await user.clear(input)
    await user.type(input, '2027-01-02 08:05:00')
    expect(input.value).toBe('2027-01-02 08:05:00')
    // The form and filters keep the ISO local form.
    expect(seen.at(-1)).toBe('2027-01-02T08:05:00')
    expect(screen.getByRole('button', { name: locale === 'en' ? 'Choose a date and time' : '选择日期时间' })).toBeTruthy()
  })

  it('hands on text that is no date-time as it is, so the form’s rule refuses it instead of keeping the old value', async () => {
    const seen: string[] = []
    renderWithProviders(<Harness initial="" seen={seen} />)
    await userEvent.setup().type(screen.getByRole('textbox', { name: '开始时间' }), '12/01/2026')
    expect(seen.at(-1)).toBe('12/01/2026')
  })
})
