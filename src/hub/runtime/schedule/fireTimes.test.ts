import { describe, expect, it } from 'vitest'
import { nextFires, planOf, type ScheduleFields } from './fireTimes'

const none: ScheduleFields = { requestStrategy: '1', weeks: '', amHours: '', pmHours: '', minutes: '', pollingInterval: '', intervalUnit: '1', pollingStartTime: '' }
const fires = (fields: Partial<ScheduleFields>, from: string, count: number, timeZone = 'Europe/Berlin') => {
  const plan = planOf({ ...none, ...fields }, timeZone, new Date(from))
  return plan ? nextFires(plan, new Date(from), count).map((d) => d.toISOString()) : null
}

describe('fire times (croner, in the hub time zone)', () => {
  it('expands a timetable: weekdays 1–7 as Monday–Sunday, am and pm hours, minutes in steps of 5', () => {
    // 2025-01-06 is a Monday; Shanghai is UTC+8 all year.
    // From Sunday 08:00 itself (a fire strictly after it comes next).
    expect(fires({ weeks: '1,7', amHours: '08', pmHours: '20', minutes: '00,55' }, '2025-01-05T00:00:00Z', 6, 'Asia/Shanghai')).toEqual([
      '2025-01-05T00:55:00.000Z', // Sunday 08:55
      '2025-01-05T12:00:00.000Z', '2025-01-05T12:55:00.000Z', // Sunday 20:00, 20:55
      '2025-01-06T00:00:00.000Z', '2025-01-06T00:55:00.000Z', // Monday 08:00, 08:55
      '2025-01-06T12:00:00.000Z', // Monday 20:00; Tuesday has none
    ])
  })

  it('refuses a timetable that never fires, or minutes off the 5-minute steps', () => {
    expect(fires({ weeks: '', amHours: '08', minutes: '00' }, '2025-01-01T00:00:00Z', 1)).toBeNull()
    expect(fires({ weeks: '1', amHours: '', pmHours: '', minutes: '00' }, '2025-01-01T00:00:00Z', 1)).toBeNull()
    expect(fires({ weeks: '1', amHours: '08', minutes: '07' }, '2025-01-01T00:00:00Z', 1)).toBeNull()
    expect(fires({ requestStrategy: '2', pollingInterval: '0' }, '2025-01-01T00:00:00Z', 1)).toBeNull()
    expect(fires({ requestStrategy: '2', pollingInterval: '5', intervalUnit: '9' }, '2025-01-01T00:00:00Z', 1)).toBeNull()
  })

  it('keeps a timetable on the wall clock across DST: a skipped time fires after the gap, a repeated one once', () => {
    // Europe/Berlin: 2025-03-30 02:00 → 03:00; 2025-10-26 03:00 → 02:00.
    expect(fires({ weeks: '7', amHours: '02', minutes: '30' }, '2025-03-22T00:00:00Z', 3)).toEqual(['2025-03-23T01:30:00.000Z', '2025-03-30T01:00:00.000Z', '2025-04-06T00:30:00.000Z'])
    expect(fires({ weeks: '7', amHours: '02', minutes: '30' }, '2025-10-25T00:00:00Z', 2)).toEqual(['2025-10-26T00:30:00.000Z', '2025-11-02T01:30:00.000Z'])
  })

  it('polls from the start in minutes and hours of elapsed time, in days and weeks on the start’s wall-clock time', () => {
    const polling = { requestStrategy: '2', pollingStartTime: '2025-03-29T09:30' }
    expect(fires({ ...polling, pollingInterval: '7', intervalUnit: '1' }, '2025-03-29T08:40:00Z', 2)).toEqual(['2025-03-29T08:44:00.000Z', '2025-03-29T08:51:00.000Z'])
    expect(fires({ ...polling, pollingInterval: '5', intervalUnit: '2' }, '2025-03-29T09:00:00Z', 2)).toEqual(['2025-03-29T13:30:00.000Z', '2025-03-29T18:30:00.000Z'])
    // One day apart across the spring change: 09:30 local stays 09:30 (UTC moves by an hour).
    expect(fires({ ...polling, pollingInterval: '1', intervalUnit: '3' }, '2025-03-29T00:00:00Z', 3)).toEqual(['2025-03-29T08:30:00.000Z', '2025-03-30T07:30:00.000Z', '2025-03-31T07:30:00.000Z'])
    expect(fires({ ...polling, pollingInterval: '2', intervalUnit: '3' }, '2025-03-29T10:00:00Z', 2)).toEqual(['2025-03-31T07:30:00.000Z', '2025-04-02T07:30:00.000Z'])
    expect(fires({ ...polling, pollingInterval: '2', intervalUnit: '4' }, '2025-03-30T00:00:00Z', 2)).toEqual(['2025-04-12T07:30:00.000Z', '2025-04-26T07:30:00.000Z'])
  })

  it('polls without a start from the anchor (the producer’s last save)', () => {
    expect(fires({ requestStrategy: '2', pollingInterval: '10', intervalUnit: '1' }, '2025-06-01T12:00:03Z', 2)).toEqual(['2025-06-01T12:10:03.000Z', '2025-06-01T12:20:03.000Z'])
  })

  it('finds the latest fire at or before a time without walking the missed ones (catch-up)', () => {
    const plan = planOf({ ...none, requestStrategy: '2', pollingInterval: '1', intervalUnit: '1', pollingStartTime: '2020-01-01T00:00' }, 'UTC', new Date())!
    expect(plan.latest(new Date('2025-06-01T12:34:56Z'))?.toISOString()).toBe('2025-06-01T12:34:00.000Z')
    const timetable = planOf({ ...none, weeks: '1,2,3,4,5,6,7', amHours: '02', minutes: '30' }, 'UTC', new Date())!
    expect(timetable.latest(new Date('2025-06-01T02:30:00Z'))?.toISOString()).toBe('2025-06-01T02:30:00.000Z')
    expect(timetable.latest(new Date('2025-06-01T02:29:59Z'))?.toISOString()).toBe('2025-05-31T02:30:00.000Z')
  })
})
