import { describe, expect, it } from 'vitest'
import { filterOf, initialQuery, queryFromLink } from './messageQuery'

describe('message log query', () => {
  it('starts on this week from Monday 00:00 to Sunday 23:59:59.999 (local time), the topic of the link kept', () => {
    // Wednesday 2026-11-25
    const q = initialQuery('orders', new Date(2026, 10, 25, 15, 30))
    expect(q.period.preset).toBe('thisWeek')
    expect(q.period.range.start).toEqual(new Date(2026, 10, 23, 0, 0, 0, 0))
    expect(q.period.range.end).toEqual(new Date(2026, 10, 29, 23, 59, 59, 999))
    expect(q.topicCode).toBe('orders')
  })

  it('at the edges of a week: Monday 00:00:30 opens the new week, Sunday 23:59:30 is still in it', () => {
    const week = { start: new Date(2026, 10, 23, 0, 0, 0, 0), end: new Date(2026, 10, 29, 23, 59, 59, 999) }
    expect(initialQuery('', new Date(2026, 10, 23, 0, 0, 30)).period.range).toEqual(week)
    expect(initialQuery('', new Date(2026, 10, 29, 23, 59, 30)).period.range).toEqual(week)
    // A minute before Monday: the week before.
    expect(initialQuery('', new Date(2026, 10, 22, 23, 59, 30)).period.range.start).toEqual(new Date(2026, 10, 16, 0, 0, 0, 0))
  })

  it('asks the hub only for the criteria given; a consumer only with its topic; content trimmed', () => {
    const q = initialQuery('', new Date(2026, 10, 25))
    expect(filterOf(q)).toEqual({ receivedFrom: q.period.range.start.toISOString(), receivedTo: q.period.range.end.toISOString() })
    expect(filterOf({ ...q, consumerId: 'c1' }).consumerId).toBeUndefined()
    expect(filterOf({ ...q, topicCode: 't', consumerId: 'c1', status: 'retrying', content: '  100%  ' })).toMatchObject({ topicCode: 't', consumerId: 'c1', status: 'retrying', content: '100%' })
    expect(filterOf({ ...q, content: '   ' }).content).toBeUndefined()
  })

  it('with a run: that run’s messages whatever the period says, the other criteria kept', () => {
    const q = initialQuery('orders', new Date(2026, 10, 25))
    expect(filterOf({ ...q, status: 'dead' }, 'r1')).toEqual({ runId: 'r1', topicCode: 'orders', status: 'dead' })
  })
})

describe('message log opened from a link', () => {
  it('takes the topic, consumer, state and the time window the link names', () => {
    const params = new URLSearchParams({ topicCode: 'orders', consumerId: 'c1', status: 'dead', receivedFrom: '2026-11-25T10:00:00.000Z', receivedTo: '2026-11-25T10:59:59.999Z' })
    const q = queryFromLink(params, new Date(2026, 10, 25))
    expect(filterOf(q)).toEqual({ topicCode: 'orders', consumerId: 'c1', status: 'dead', receivedFrom: '2026-11-25T10:00:00.000Z', receivedTo: '2026-11-25T10:59:59.999Z' })
    expect(q.period.preset).toBe('custom')
  })

  it('keeps this week and any state for what the link does not name or names wrongly', () => {
    const q = queryFromLink(new URLSearchParams({ status: 'nonsense', receivedFrom: 'soon' }), new Date(2026, 10, 25))
    expect(q).toEqual(initialQuery('', new Date(2026, 10, 25)))
  })
})
