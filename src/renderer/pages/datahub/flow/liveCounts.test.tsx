// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { LiveCountsLine } from './boxes/LiveCountsLine'
import { followLiveCounts, LIVE_COUNTS_REFRESH_MS, resetLiveCounts, type TopicLiveCounts } from './liveCounts'

afterEach(async () => {
  resetLiveCounts()
  vi.useRealTimers()
  await resetState()
})

const counts = (received: number) => ({ received, delivered: received - 1, failed: 1, retrying: 0, waiting: 0 })

describe('live counts of the flow diagram', () => {
  it('asks once for every topic on screen, again every 10 s, and stops when no box shows them', async () => {
    vi.useFakeTimers()
    let received = 1
    const bridge = installFakeBridge({
      hub: {
        'datahub.message.counts': (input) => {
          const codes = String((input as { topicCodes: string }).topicCodes).split(',')
          return ok({ topics: codes.map((topicCode) => ({ topicCode, ...counts(received) })), consumers: [{ topicCode: 'a', consumerId: 'c1', ...counts(received) }] })
        },
      },
    })
    const seen: TopicLiveCounts[] = []
    const stopA = followLiveCounts('a', (c) => seen.push(c))
    const stopB = followLiveCounts('b', () => {})
    await vi.advanceTimersByTimeAsync(100)
    const calls = () => bridge.hubCalls().filter((c) => c.endpoint === 'datahub.message.counts')
    expect(calls().map((c) => c.input)).toEqual([{ topicCodes: 'a,b' }])
    expect(seen.at(-1)!.topic.received).toBe(1)
    expect(seen.at(-1)!.consumers.get('c1')?.failed).toBe(1)

    received = 5
    await vi.advanceTimersByTimeAsync(LIVE_COUNTS_REFRESH_MS)
    expect(calls()).toHaveLength(2)
    expect(seen.at(-1)!.topic.received).toBe(5)

    stopA()
    stopB()
    await vi.advanceTimersByTimeAsync(LIVE_COUNTS_REFRESH_MS * 3)
    expect(calls()).toHaveLength(2)

    // Back on the page: the counts are asked at once and polled again, not left as they were.
    const stopAgain = followLiveCounts('a', () => {})
    await vi.advanceTimersByTimeAsync(100)
    expect(calls().map((c) => c.input)).toEqual([{ topicCodes: 'a,b' }, { topicCodes: 'a,b' }, { topicCodes: 'a' }])
    await vi.advanceTimersByTimeAsync(LIVE_COUNTS_REFRESH_MS)
    expect(calls()).toHaveLength(4)
    stopAgain()
  })

  it('shows received / delivered / failed / in retry with thousands separators, linking to the topic\'s message log', () => {
    renderWithProviders(<LiveCountsLine topicCode="orders.v1" counts={{ received: 1234, delivered: 1200, failed: 30, retrying: 4, waiting: 0 }} />)
    expect(screen.getByRole('group', { name: /^投递统计/ }).getAttribute('aria-label')).toBe('投递统计: 接收 1,234 · 成功 1,200 · 失败 30 · 重试中 4')
    // Issue 44 item 9: the live region says only the failures, not every poll's counts.
    expect(screen.getByRole('status').textContent).toBe('投递统计：失败 30 条')
    expect(screen.getByRole('link').getAttribute('href')).toBe('/datahub/message-log?topicCode=orders.v1')
  })
})
