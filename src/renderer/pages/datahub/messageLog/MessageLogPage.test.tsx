// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { findModal, queryModal } from '../../../test/dialogs'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import MessageLogPage from './MessageLogPage'

afterEach(async () => {
  vi.useRealTimers()
  await resetState()
})

/**
 * "This week" is the week of the clock: pinned, so the test means the same on any day. Only Date
 * is faked; Testing Library's and user-event's timers run for real.
 */
const pinClock = (now: Date) => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
}
// The week of Monday 2026-11-23 (the presets' weeks start on Monday: dateRanges.ts).
const WEEK = { from: new Date(2026, 10, 23, 0, 0, 0, 0).toISOString(), to: new Date(2026, 10, 29, 23, 59, 59, 999).toISOString() }

const message = {
  id: 'm1',
  topicCode: 'orders',
  producerId: 'p1',
  contentType: 'application/json',
  routingKey: 'orders',
  receivedAt: new Date(2026, 10, 23, 0, 0, 10).toISOString(),
  payloadKept: true,
  counts: { pending: 0, delivering: 0, delivered: 1, failed: 0, dead: 2 },
}

describe('message log page', () => {
  it('opens on the linked topic and this week, and asks for the count before retrying all that match', async () => {
    // Monday, half a minute into the week.
    pinClock(new Date(2026, 10, 23, 0, 0, 30))
    const user = userEvent.setup()
    const bridge = installFakeBridge({
      hub: {
        'datahub.topic.listAll': ok([]),
        'datahub.consumer.listAll': ok([]),
        'datahub.message.list': ok({ content: [message], totalElements: 1 }),
        'datahub.message.bulk': ok({ count: 2 }),
      },
    })
    renderWithProviders(<MessageLogPage />, '/datahub/message-log?topicCode=orders')
    const table = await screen.findByRole('table', { name: '消息日志' })
    await within(table).findByText('投递失败 2')
    const list = bridge.hubCalls().find((c) => c.endpoint === 'datahub.message.list')!.input as Record<string, string>
    expect(list.topicCode).toBe('orders')
    // This week: from Monday 00:00 to Sunday 23:59:59.999, local time.
    expect([list.receivedFrom, list.receivedTo]).toEqual([WEEK.from, WEEK.to])

    await user.click(screen.getByRole('button', { name: '重试全部匹配' }))
    // The confirmation comes after the count call's answer: found by its text, whatever tabster did.
    const confirm = await findModal('alertdialog')
    await waitFor(() => expect(confirm.textContent).toContain('匹配 2 条可重试的投递'))
    const bulk = () => bridge.hubCalls().filter((c) => c.endpoint === 'datahub.message.bulk').map((c) => c.input as { action: string; dryRun: boolean; filter: Record<string, string> })
    // Only counted so far.
    expect(bulk().map((c) => c.dryRun)).toEqual([true])
    expect(bulk()[0]!.filter.topicCode).toBe('orders')
    await user.click(within(confirm).getByRole('button', { name: '重试 2 条', hidden: true }))
    await waitFor(() => expect(bulk().map((c) => [c.action, c.dryRun])).toEqual([['retry', true], ['retry', false]]))
    // The list reloads to show what changed.
    await waitFor(() => expect(bridge.hubCalls().filter((c) => c.endpoint === 'datahub.message.list')).toHaveLength(2))
  })

  it('cancelling the confirmation changes nothing', async () => {
    // Sunday, half a minute before the week ends: still this week.
    pinClock(new Date(2026, 10, 29, 23, 59, 30))
    const user = userEvent.setup()
    const bridge = installFakeBridge({
      hub: {
        'datahub.topic.listAll': ok([]),
        'datahub.message.list': ok({ content: [message], totalElements: 1 }),
        'datahub.message.bulk': ok({ count: 4 }),
      },
    })
    renderWithProviders(<MessageLogPage />, '/datahub/message-log')
    await screen.findByText('投递失败 2')
    await user.click(screen.getByRole('button', { name: '放弃全部匹配' }))
    const confirm = await findModal('alertdialog')
    await waitFor(() => expect(confirm.textContent).toContain('匹配 4 条可放弃的投递'))
    await user.click(within(confirm).getByRole('button', { name: '取消', hidden: true }))
    // Hidden included: an aria-hidden dialog left open must not pass for a closed one.
    await waitFor(() => expect(queryModal('alertdialog')).toBeNull())
    // The buttons come back once the action is over: nothing more will be sent.
    await waitFor(() => expect((screen.getByRole('button', { name: '放弃全部匹配' }) as HTMLButtonElement).disabled).toBe(false))
    const bulk = bridge.hubCalls().filter((c) => c.endpoint === 'datahub.message.bulk').map((c) => c.input as { dryRun: boolean; filter: Record<string, string> })
    expect(bulk.map((c) => c.dryRun)).toEqual([true])
    expect([bulk[0]!.filter.receivedFrom, bulk[0]!.filter.receivedTo]).toEqual([WEEK.from, WEEK.to])
  })

  it('a run’s link: the messages of that run whenever received, as a filter chip that can be removed', async () => {
    pinClock(new Date(2026, 10, 25, 12, 0, 0))
    const user = userEvent.setup()
    const bridge = installFakeBridge({
      hub: {
        'datahub.topic.listAll': ok([]),
        'datahub.consumer.listAll': ok([]),
        'datahub.message.list': (input) => ok({ content: (input as { runId?: string }).runId === 'r1' ? [{ ...message, runId: 'r1' }] : [], totalElements: 1 }),
      },
    })
    renderWithProviders(<MessageLogPage />, '/datahub/message-log?runId=r1&topicCode=orders')
    await screen.findByText('投递失败 2')
    const lists = () => bridge.hubCalls().filter((c) => c.endpoint === 'datahub.message.list').map((c) => c.input as Record<string, string>)
    // The run's messages, not cut by "this week".
    expect(lists()[0]).toMatchObject({ runId: 'r1', topicCode: 'orders' })
    expect(lists()[0]).not.toHaveProperty('receivedFrom')
    const chips = screen.getByRole('toolbar', { name: '附加筛选条件' })
    expect(chips.textContent).toContain('运行 r1 的消息（不限接收时间）')

    await user.click(within(chips).getByRole('button', { name: '运行 r1 的消息（不限接收时间） 移除运行筛选' }))
    await waitFor(() => expect(lists().at(-1)).not.toHaveProperty('runId'))
    expect(lists().at(-1)).toMatchObject({ topicCode: 'orders', receivedFrom: WEEK.from, receivedTo: WEEK.to })
    expect(screen.queryByRole('toolbar', { name: '附加筛选条件' })).toBeNull()
  })
})
