// @vitest-environment jsdom
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { DateRangeDropdown, type DateRangeValue } from './DateRangeDropdown'
import { DEFAULT_DATE_RANGE_PRESET, formatDay, rangeOf } from './dateRanges'

afterEach(async () => {
  vi.useRealTimers()
  await resetState()
})

function Harness({ onChange }: { onChange: (v: DateRangeValue) => void }) {
  const [value, setValue] = useState<DateRangeValue>({ preset: DEFAULT_DATE_RANGE_PRESET, range: rangeOf(DEFAULT_DATE_RANGE_PRESET) })
  return (
    <DateRangeDropdown
      value={value}
      onChange={(v) => {
        setValue(v)
        onChange(v)
      }}
    />
  )
}

const days = (v: DateRangeValue) => [formatDay(v.range.start), formatDay(v.range.end)]

describe('date range dropdown', () => {
  it('lists the presets in Chinese with this week chosen, and reports a chosen preset', async () => {
    // A pinned clock (Date only; Testing Library's timers run): Monday 2027-03-01, just after
    // midnight, the first day of a month — last month is February, whatever day the test runs.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2027, 2, 1, 0, 0, 30))
    const onChange = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<Harness onChange={onChange} />)
    const select = screen.getByRole('combobox', { name: '日期范围' }) as HTMLSelectElement
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['今天', '昨天', '本周', '上周', '本月', '上月', '自定义'])
    expect(select.value).toBe('thisWeek')
    await user.selectOptions(select, 'lastMonth')
    const reported = onChange.mock.lastCall?.[0] as DateRangeValue
    expect(reported.preset).toBe('lastMonth')
    expect(days(reported)).toEqual(['2027-02-01', '2027-02-28'])
  })

  it('shows two date inputs for custom and reports a range only when it is in order', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<Harness onChange={onChange} />)
    expect(screen.queryByLabelText('开始日期')).toBeNull()
    await user.selectOptions(screen.getByRole('combobox', { name: '日期范围' }), 'custom')
    const start = screen.getByLabelText('开始日期')
    const end = screen.getByLabelText('结束日期')
    fireEvent.change(end, { target: { value: '2026-03-10' } })
    fireEvent.change(start, { target: { value: '2026-03-01' } })
    const reported = onChange.mock.lastCall?.[0] as DateRangeValue
    expect(reported.preset).toBe('custom')
    expect(days(reported)).toEqual(['2026-03-01', '2026-03-10'])
    expect(reported.range.end).toEqual(new Date(2026, 2, 10, 23, 59, 59, 999))
    onChange.mockClear()
    fireEvent.change(start, { target: { value: '2026-03-20' } })
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByText('开始日期不能晚于结束日期，请重新选择')).toBeTruthy()
  })

  it('speaks English when the console does', async () => {
    await i18n.changeLanguage('en')
    renderWithProviders(<Harness onChange={() => {}} />)
    expect(screen.getByRole('option', { name: 'This week' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Date range' })).toBeTruthy()
  })
})
