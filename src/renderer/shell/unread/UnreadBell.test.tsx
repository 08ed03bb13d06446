// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router-dom'
import { INCIDENT_PERMISSION, NOTIFICATION_PERMISSION } from '../../../shared/contract/alarms/permissions'
import { sessionStore } from '../../state/session'
import { installFakeBridge, ok } from '../../test/fakeBridge'
import { menu } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { settle } from '../../test/settle'
import { AppHeader } from '../AppHeader'
import { NavTree } from '../NavTree'
import { POLLING_MENUS } from './pollingMenus'
import { UnreadPollers } from './UnreadPollers'

afterEach(async () => {
  vi.useRealTimers()
  await resetState()
})

// The seeded centres' entries, keyed by their permission codes as the hub sends them.
const menus = [
  menu('alert', '告警中心', 'Alarm centre', null, [menu('alert.record', '告警记录', 'Incidents', '/alert/record', [], { appCode: 'alert', component: 'AlertRecordList', permission: INCIDENT_PERMISSION })], { permission: 'alert' }),
  menu('message', '消息中心', 'Message centre', null, [menu('message.notification', '消息通知', 'Notifications', '/message/notification', [], { appCode: 'message', component: 'NotificationList', permission: 'message:notification' })], { permission: 'message' }),
]
const ALL = [INCIDENT_PERMISSION, NOTIFICATION_PERMISSION, 'message:notification', 'alert', 'message']

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>
}
const console_ = () => (
  <>
    <UnreadPollers />
    <AppHeader />
    <NavTree />
    <Where />
  </>
)
const badgeOf = (entry: string) => screen.getByRole('treeitem', { name: entry }).querySelector('.fui-CounterBadge')?.textContent ?? null

describe('unread bell and menu badges', () => {
  it('counts open incidents and failed notifications, names each, badges their menu entries, and follows the polling', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    sessionStore.set({ permissions: ALL, menus })
    let open = 2
    const bridge = installFakeBridge({
      hub: {
        'platform.alarm.incident.list': () => ok({ content: [], totalElements: open }),
        'platform.notification.count': ok({ count: 3 }),
      },
    })
    renderWithProviders(console_(), '/')
    expect(await screen.findByRole('button', { name: '未读 5：未解除告警 2 条，发送失败通知 3 条' })).toBeTruthy()
    // Only the counts are asked: the open incidents, the failed notifications.
    const asked = bridge.hubCalls().map((c) => [c.endpoint, c.input])
    expect(asked).toEqual(expect.arrayContaining([['platform.alarm.incident.list', { state: 'open', pageNum: 1, pageSize: 1 }], ['platform.notification.count', { state: 'failed' }]]))
    expect(badgeOf('告警记录')).toBe('2')
    expect(badgeOf('消息通知')).toBe('3')
    expect(badgeOf('告警中心')).toBe('2')
    expect(badgeOf('消息中心')).toBe('3')

    // A new incident: the next poll shows it.
    open = 3
    const interval = POLLING_MENUS.find((m) => m.eventName === 'openIncidents')!.timeInterval
    act(() => vi.advanceTimersByTime(interval * 1000))
    expect(await screen.findByRole('button', { name: '未读 6：未解除告警 3 条，发送失败通知 3 条' })).toBeTruthy()
    await waitFor(() => expect(badgeOf('告警记录')).toBe('3'))
  })

  it('opens the alert centre when clicked', async () => {
    sessionStore.set({ permissions: ALL, menus })
    installFakeBridge({ hub: { 'platform.alarm.incident.list': ok({ content: [], totalElements: 0 }), 'platform.notification.count': ok({ count: 0 }) } })
    renderWithProviders(console_(), '/')
    const bell = await screen.findByRole('button', { name: '未读 0：未解除告警 0 条，发送失败通知 0 条' })
    // Nothing unread: no badges.
    expect(badgeOf('告警记录')).toBeNull()
    await userEvent.setup().click(bell)
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/alert/record'))
  })

  it('a user who may read neither count gets no bell and causes no calls', async () => {
    sessionStore.set({ permissions: ['system:user:list'], menus })
    const bridge = installFakeBridge({ hub: {} })
    renderWithProviders(console_(), '/')
    await screen.findByRole('treeitem', { name: '告警记录' })
    await settle()
    expect(screen.queryByRole('button', { name: /^未读/ })).toBeNull()
    expect(bridge.hubCalls().filter((c) => c.endpoint.startsWith('platform.alarm') || c.endpoint.startsWith('platform.notification'))).toEqual([])
  })
})
