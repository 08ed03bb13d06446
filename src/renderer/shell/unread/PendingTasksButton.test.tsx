// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router-dom'
import { WORKBENCH_PERMISSION } from '../../../shared/contract/approvals/permissions'
import { sessionStore } from '../../state/session'
import { installFakeBridge, ok } from '../../test/fakeBridge'
import { menu } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { settle } from '../../test/settle'
import { AppHeader } from '../AppHeader'
import { POLLING_MENUS } from './pollingMenus'
import { UnreadPollers } from './UnreadPollers'

afterEach(async () => {
  vi.useRealTimers()
  await resetState()
})

const menus = [menu('workflow', '流程管理', 'Workflow', null, [menu('workflow.workbench', '工作台', 'Workbench', '/flow/bench', [], { component: 'Workbench', permission: WORKBENCH_PERMISSION })], { permission: 'workflow' })]

function Where() {
  const l = useLocation()
  return <output aria-label="where">{`${l.pathname} ${(l.state as { box?: string } | null)?.box ?? ''}`}</output>
}
const console_ = () => (
  <>
    <UnreadPollers />
    <AppHeader />
    <Where />
  </>
)

describe('the header button of waiting approval tasks', () => {
  it('counts the tasks waiting for me, follows the polling and opens the workbench on its waiting list', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    sessionStore.set({ permissions: ['workflow', WORKBENCH_PERMISSION], menus })
    let waiting = 1
    installFakeBridge({ hub: { 'platform.workbench.pendingCount': () => ok({ count: waiting }) } })
    renderWithProviders(console_(), '/')
    const button = await screen.findByRole('button', { name: '待审批任务 1 条' })
    expect(button.parentElement?.querySelector('.fui-CounterBadge')?.textContent).toBe('1')

    // Approved elsewhere: the next poll shows none, and no badge.
    waiting = 0
    act(() => vi.advanceTimersByTime(POLLING_MENUS.find((m) => m.eventName === 'pendingApprovals')!.timeInterval * 1000))
    const none = await screen.findByRole('button', { name: '待审批任务 0 条' })
    expect(none.parentElement?.querySelector('.fui-CounterBadge')).toBeNull()
    vi.useRealTimers()
    await userEvent.setup().click(none)
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/flow/bench pending'))
  })

  it('is not shown to a user without the workbench, who causes no call for it', async () => {
    sessionStore.set({ permissions: ['system:user:list'], menus })
    const bridge = installFakeBridge({ hub: {} })
    renderWithProviders(console_(), '/')
    await screen.findByRole('button', { name: '用户菜单' })
    await settle()
    expect(screen.queryByRole('button', { name: /^待审批任务/ })).toBeNull()
    expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.workbench.pendingCount')).toEqual([])
  })
})
