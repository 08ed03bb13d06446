// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import MessageLogPage from './MessageLogPage'

afterEach(resetState)

const message = {
  id: 'm1',
  topicCode: 'orders',
  producerId: 'p1',
  contentType: 'application/json',
  routingKey: 'orders',
  receivedAt: new Date().toISOString(),
  payloadKept: true,
  counts: { pending: 0, delivering: 0, delivered: 1, failed: 0, dead: 2 },
}

describe('message log page', () => {
  it('opens on the linked topic and this week, and asks for the count before retrying all that match', async () => {
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
    // This week: from Monday 00:00 local time.
    const from = new Date(list.receivedFrom!)
    expect([from.getDay(), from.getHours(), from.getMinutes()]).toEqual([1, 0, 0])

    await user.click(screen.getByRole('button', { name: '重试全部匹配' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm.textContent).toContain('匹配 2 条可重试的投递')
    const bulk = () => bridge.hubCalls().filter((c) => c.endpoint === 'datahub.message.bulk').map((c) => c.input as { action: string; dryRun: boolean; filter: Record<string, string> })
    // Only counted so far.
    expect(bulk().map((c) => c.dryRun)).toEqual([true])
    expect(bulk()[0]!.filter.topicCode).toBe('orders')
    // Tabster may keep a dialog that just opened aria-hidden in jsdom for a tick (see flowActions.test).
    await user.click(within(confirm).getByRole('button', { name: '重试 2 条', hidden: true }))
    await waitFor(() => expect(bulk().map((c) => [c.action, c.dryRun])).toEqual([['retry', true], ['retry', false]]))
    // The list reloads to show what changed.
    await waitFor(() => expect(bridge.hubCalls().filter((c) => c.endpoint === 'datahub.message.list')).toHaveLength(2))
  })

  it('cancelling the confirmation changes nothing', async () => {
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
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm.textContent).toContain('匹配 4 条可放弃的投递')
    await user.click(within(confirm).getByRole('button', { name: '取消', hidden: true }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(bridge.hubCalls().filter((c) => c.endpoint === 'datahub.message.bulk').map((c) => (c.input as { dryRun: boolean }).dryRun)).toEqual([true])
  })
})
