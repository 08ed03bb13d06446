// @vitest-environment jsdom
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { checkDateTimeRange, DateTimeRangePicker, type DateTimeRangeValue } from './DateTimeRangePicker'

afterEach(resetState)

function Harness({ initial }: { initial: DateTimeRangeValue }) {
  const [value, setValue] = useState(initial)
  return <DateTimeRangePicker value={value} onChange={setValue} />
}
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement

describe('date-time range rule', () => {
  it('accepts an ordered or equal range and half-chosen ones', () => {
    expect(checkDateTimeRange({ start: '', end: '' }, { start: '2026-01-01T10:00', end: '2026-01-01T10:00' }).problem).toBeNull()
    expect(checkDateTimeRange({ start: '', end: '' }, { start: '2026-01-02T10:00', end: '' }).problem).toBeNull()
  })
  it('clears the value just chosen when it breaks the order', () => {
    const prev = { start: '2026-01-01T10:00', end: '2026-01-05T10:00' }
    expect(checkDateTimeRange(prev, { ...prev, start: '2026-01-06T00:00' })).toEqual({ value: { ...prev, start: '' }, problem: 'startAfterEnd' })
    expect(checkDateTimeRange(prev, { ...prev, end: '2025-12-31T00:00' })).toEqual({ value: { ...prev, end: '' }, problem: 'endBeforeStart' })
  })
})

describe('date-time range picker', () => {
  it('says the spec’s message and clears a start after the end', () => {
    renderWithProviders(<Harness initial={{ start: '2026-01-01T10:00:30', end: '2026-01-05T10:00:30' }} />)
    fireEvent.change(input('起始时间'), { target: { value: '2026-01-09T10:00:30' } })
    expect(screen.getByText('起始时间必须小于结束时间，请重新选择')).toBeTruthy()
    expect(input('起始时间').value).toBe('')
    expect(Date.parse(input('结束时间').value)).toBe(Date.parse('2026-01-05T10:00:30'))
  })

  it('says the spec’s message and clears an end before the start', () => {
    renderWithProviders(<Harness initial={{ start: '2026-01-03T10:00:30', end: '' }} />)
    fireEvent.change(input('结束时间'), { target: { value: '2026-01-02T10:00:30' } })
    expect(screen.getByText('结束时间必须大于于起始时间，请重新选择')).toBeTruthy()
    expect(input('结束时间').value).toBe('')
    fireEvent.change(input('结束时间'), { target: { value: '2026-01-04T10:00:30' } })
    expect(screen.queryByText('结束时间必须大于于起始时间，请重新选择')).toBeNull()
    expect(Date.parse(input('结束时间').value)).toBe(Date.parse('2026-01-04T10:00:30'))
  })

  it('speaks English when the console does', async () => {
    await i18n.changeLanguage('en')
    renderWithProviders(<Harness initial={{ start: '2026-01-03T10:00:30', end: '' }} />)
    fireEvent.change(input('End time'), { target: { value: '2026-01-02T10:00:30' } })
    expect(screen.getByText('The end time must be later than the start time, please choose again')).toBeTruthy()
  })
})
