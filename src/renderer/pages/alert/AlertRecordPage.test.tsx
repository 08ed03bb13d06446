// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Incident } from '../../../shared/contract/alarms/incidents'
import { findModal } from '../../test/dialogs'
import { installFakeBridge, ok } from '../../test/fakeBridge'
import { renderRegistryPage } from '../../test/render'
import { resetState } from '../../test/resetState'

afterEach(resetState)

const incident = (id: string, extra: Partial<Incident>): Incident => ({
  id,
  rule: 'consumer_dead',
  objectType: 'consumer',
  objectId: `c-${id}`,
  objectName: `订单推送 ${id}`,
  topicCode: 'orders',
  state: 'open',
  openedAt: '2026-11-25T09:00:00.000Z',
  lastSeenAt: '2026-11-25T09:30:00.000Z',
  count: 12,
  lastError: 'connect ECONNREFUSED 127.0.0.1:9',
  notifiedAt: '2026-11-25T09:00:01.000Z',
  alarmChannels: 1,
  acknowledgedBy: '',
  acknowledgedAt: null,
  resolvedAt: null,
  resolvedBy: '',
  ...extra,
})

const callsOf = (bridge: ReturnType<typeof installFakeBridge>, endpoint: string) => bridge.hubCalls().filter((c) => c.endpoint === endpoint).map((c) => c.input as Record<string, unknown>)
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement

describe('alert centre: incidents', () => {
  it('shows incidents that open underneath after 10 s, with counts grouped; not while rows are picked', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      let rows = [incident('i1', {})]
      const bridge = installFakeBridge({ hub: { 'platform.alarm.incident.list': () => ok({ content: rows, totalElements: rows.length }) } })
      renderRegistryPage('alert', 'AlertRecordList', '/alert/record')
      await rowOf('订单推送 i1')
      rows = [incident('i1', {}), incident('i3', { count: 12345 })]
      const tenSeconds = async () => act(async () => void vi.advanceTimersByTime(10_000))
      await tenSeconds()
      expect((await rowOf('订单推送 i3')).textContent).toContain('12,345')
      // Picking a row holds the refresh: the rows the user is acting on stay as they are.
      fireEvent.click(within(await rowOf('订单推送 i1')).getByRole('checkbox'))
      rows = []
      const asked = callsOf(bridge, 'platform.alarm.incident.list').length
      await tenSeconds()
      await tenSeconds()
      expect(callsOf(bridge, 'platform.alarm.incident.list')).toHaveLength(asked)
      expect(screen.getByText('订单推送 i3')).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })

  it('opens on the open incidents with their object, rule, count and who acknowledged; acknowledges a row', async () => {
    const user = userEvent.setup()
    const acked = incident('i2', { acknowledgedBy: 'ops', acknowledgedAt: '2026-11-25T09:05:00.000Z', rule: 'consumer_failures', count: 3 })
    const bridge = installFakeBridge({ hub: { 'platform.alarm.incident.list': ok({ content: [incident('i1', {}), acked], totalElements: 2 }), 'platform.alarm.incident.acknowledge': ok({ count: 1 }) } })
    renderRegistryPage('alert', 'AlertRecordList', '/alert/record')
    const row = await rowOf('订单推送 i1')
    expect(callsOf(bridge, 'platform.alarm.incident.list')[0]).toMatchObject({ state: 'open' })
    expect(row.textContent).toContain('消费者投递失败（重试用尽）')
    expect(row.textContent).toContain('主题 orders 的消费者')
    expect(row.textContent).toContain('12')
    expect(row.textContent).toContain('未确认')
    const ackedRow = await rowOf('订单推送 i2')
    expect(ackedRow.textContent).toContain('ops')
    // Acknowledged once: only resolving is left.
    expect(within(ackedRow).queryByRole('button', { name: '确认' })).toBeNull()

    await user.click(within(row).getByRole('button', { name: '确认' }))
    await waitFor(() => expect(callsOf(bridge, 'platform.alarm.incident.acknowledge')).toEqual([{ ids: ['i1'] }]))
    // The list asks again.
    await waitFor(() => expect(callsOf(bridge, 'platform.alarm.incident.list')).toHaveLength(2))
  })

  it('says when an incident\'s alarm reached no channel', async () => {
    installFakeBridge({ hub: { 'platform.alarm.incident.list': ok({ content: [incident('i1', {}), incident('i2', { alarmChannels: 0 })], totalElements: 2 }) } })
    renderRegistryPage('alert', 'AlertRecordList', '/alert/record')
    expect((await rowOf('订单推送 i2')).textContent).toContain('未发送：告警设置中没有可用的通道或 Webhook')
    expect((await rowOf('订单推送 i1')).textContent).not.toContain('未发送')
  })

  it('marks the incident a desktop notification opened it on', async () => {
    installFakeBridge({ hub: { 'platform.alarm.incident.list': ok({ content: [incident('i1', {}), incident('i2', {})], totalElements: 2 }) } })
    renderRegistryPage('alert', 'AlertRecordList', '/alert/record?incident=i2')
    expect((await rowOf('订单推送 i2')).getAttribute('aria-current')).toBe('true')
    expect((await rowOf('订单推送 i1')).getAttribute('aria-current')).toBeNull()
  })

  it('resolves the picked incidents after asking; resolved ones cannot be picked', async () => {
    const user = userEvent.setup()
    const resolved = incident('i3', { state: 'resolved', resolvedAt: '2026-11-25T10:00:00.000Z' })
    const bridge = installFakeBridge({ hub: { 'platform.alarm.incident.list': ok({ content: [incident('i1', {}), incident('i2', {}), resolved], totalElements: 3 }), 'platform.alarm.incident.resolve': ok({ count: 2 }) } })
    renderRegistryPage('alert', 'AlertRecordList', '/alert/record')
    const resolvedRow = await rowOf('订单推送 i3')
    expect(within(resolvedRow).queryByRole('checkbox')).toBeNull()
    expect(resolvedRow.textContent).toContain('已恢复')

    await user.click(screen.getByRole('checkbox', { name: '选择 订单推送 i1' }))
    await user.click(screen.getByRole('checkbox', { name: '选择 订单推送 i2' }))
    await user.click(screen.getByRole('button', { name: '解除所选（2）' }))
    const confirm = await findModal('alertdialog')
    expect(confirm.textContent).toContain('不会发送恢复通知')
    expect(callsOf(bridge, 'platform.alarm.incident.resolve')).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: '确定', hidden: true }))
    await waitFor(() => expect(callsOf(bridge, 'platform.alarm.incident.resolve')).toEqual([{ ids: ['i1', 'i2'] }]))
  })
})
