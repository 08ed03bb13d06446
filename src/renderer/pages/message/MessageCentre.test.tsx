// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Notification } from '../../../shared/contract/alarms/notifications'
import { onSignal, type ToastSignal } from '../../api/signals'
import { findModal } from '../../test/dialogs'
import { fail, installFakeBridge, ok } from '../../test/fakeBridge'
import { renderRegistryPage } from '../../test/render'
import { resetState } from '../../test/resetState'

afterEach(async () => {
  vi.useRealTimers()
  await resetState()
})

const notice = (id: string, extra: Partial<Notification>): Notification => ({
  id,
  kind: 'alarm',
  channel: 'dingtalk',
  state: 'failed',
  objectType: 'consumer',
  objectId: 'c-orders',
  title: `告警 ${id}`,
  messageId: null,
  incidentId: 'i1',
  attempts: 5,
  nextAttemptAt: '2026-11-25T10:00:00.000Z',
  lastError: 'HTTP 502',
  createdAt: '2026-11-25T09:00:00.000Z',
  finishedAt: '2026-11-25T09:10:00.000Z',
  expiresAt: '2026-11-26T09:00:00.000Z',
  expired: false,
  ...extra,
})
const failed = notice('n1', {})
const expired = notice('n2', { expired: true, lastError: 'send time expired' })
const scheduled = notice('n3', { state: 'scheduled', kind: 'reminder', finishedAt: null })

const callsOf = (bridge: ReturnType<typeof installFakeBridge>, endpoint: string) => bridge.hubCalls().filter((c) => c.endpoint === endpoint).map((c) => c.input as Record<string, unknown>)
const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement

describe('message centre', () => {
  it('sent messages: this week by default; retry-all counts first, then applies the same filter after the operator confirms that number', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 10, 25, 12, 0, 0))
    const user = userEvent.setup()
    const bridge = installFakeBridge({ hub: { 'platform.notification.list': ok({ content: [failed, scheduled], totalElements: 2 }), 'platform.notification.bulk': ok({ count: 7 }) } })
    renderRegistryPage('message', 'MessageRecordList', '/message/record')
    await rowOf('告警 n1')
    // The week of Monday 2026-11-23, local time.
    expect(callsOf(bridge, 'platform.notification.list')[0]).toMatchObject({ createdFrom: new Date(2026, 10, 23).toISOString(), createdTo: new Date(2026, 10, 29, 23, 59, 59, 999).toISOString() })

    await user.click(screen.getByRole('button', { name: '全部匹配' }))
    await user.click(await screen.findByRole('menuitem', { name: '重试全部匹配' }))
    const confirm = await findModal('alertdialog')
    await waitFor(() => expect(confirm.textContent).toContain('匹配 7 条可重新发送的通知'))
    expect(callsOf(bridge, 'platform.notification.bulk').map((c) => c.dryRun)).toEqual([true])
    await user.click(within(confirm).getByRole('button', { name: '重试 7 条', hidden: true }))
    await waitFor(() => expect(callsOf(bridge, 'platform.notification.bulk').map((c) => [c.action, c.dryRun])).toEqual([['retry', true], ['retry', false]]))
    const [counted, applied] = callsOf(bridge, 'platform.notification.bulk')
    expect(applied!.filter).toEqual(counted!.filter)
    expect(counted!.filter).toMatchObject({ createdFrom: new Date(2026, 10, 23).toISOString() })
    // The list asks again to show what changed.
    await waitFor(() => expect(callsOf(bridge, 'platform.notification.list')).toHaveLength(2))
  })

  it('a row offers what its state allows: a scheduled send is cancelled; an expired one is marked and cannot be retried', async () => {
    const user = userEvent.setup()
    const bridge = installFakeBridge({ hub: { 'platform.notification.list': ok({ content: [failed, expired, scheduled], totalElements: 3 }), 'platform.notification.cancel': ok({ count: 1 }) } })
    renderRegistryPage('message', 'MessageRecordList', '/message/record')
    const expiredRow = await rowOf('告警 n2')
    expect(within(expiredRow).getByText('发送时间已过期')).toBeTruthy()
    expect(within(expiredRow).queryByRole('button', { name: '重试' })).toBeNull()
    expect(within(expiredRow).getByRole('button', { name: '标记已处理' })).toBeTruthy()
    expect(within(await rowOf('告警 n1')).getByRole('button', { name: '重试' })).toBeTruthy()

    const scheduledRow = await rowOf('告警 n3')
    expect(within(scheduledRow).queryByRole('button', { name: '放弃' })).toBeNull()
    await user.click(within(scheduledRow).getByRole('button', { name: '取消发送' }))
    const confirm = await findModal('alertdialog')
    await user.click(within(confirm).getByRole('button', { name: '确定', hidden: true }))
    await waitFor(() => expect(callsOf(bridge, 'platform.notification.cancel')).toEqual([{ ids: ['n3'] }]))
  })

  it('notifications: the failed ones whenever created; the picked rows are marked processed; the hub’s refusal of an expired retry is shown', async () => {
    const user = userEvent.setup()
    const toasts: ToastSignal[] = []
    const off = onSignal('toast', (t) => toasts.push(t))
    const bridge = installFakeBridge({
      hub: {
        'platform.notification.list': ok({ content: [failed, expired], totalElements: 2 }),
        'platform.notification.process': ok({ count: 2 }),
        'platform.notification.retry': fail('4090', '过期的通知不能发送'),
      },
    })
    renderRegistryPage('message', 'NotificationList', '/message/notification')
    await rowOf('告警 n1')
    const first = callsOf(bridge, 'platform.notification.list')[0]!
    expect(first.state).toBe('failed')
    expect(first).not.toHaveProperty('createdFrom')

    await user.click(screen.getByRole('checkbox', { name: '选择本页全部' }))
    expect(screen.getByText('已选 2 条')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '所选标记已处理' }))
    let confirm = await findModal('alertdialog')
    expect(confirm.textContent).toContain('这 2 条通知')
    await user.click(within(confirm).getByRole('button', { name: '确定', hidden: true }))
    await waitFor(() => expect(callsOf(bridge, 'platform.notification.process')).toEqual([{ ids: ['n1', 'n2'] }]))
    // Acted on: the picks are forgotten.
    await waitFor(() => expect(screen.getByText('已选 0 条')).toBeTruthy())

    await user.click(screen.getByRole('checkbox', { name: '选择 告警 n2' }))
    await user.click(screen.getByRole('button', { name: '重试所选' }))
    confirm = await findModal('alertdialog')
    await user.click(within(confirm).getByRole('button', { name: '确定', hidden: true }))
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain('过期的通知不能发送'))
    // Refused: still picked, nothing reloaded for it.
    expect(screen.getByText('已选 1 条')).toBeTruthy()
    off()
  })
})
