// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ROLE_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { sessionStore } from '../../../state/session'
import { menu } from '../../../test/fixtures'
import { fail, installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { toggleGrant } from './grants'
import RoleListPage from './RoleListPage'

afterEach(resetState)

const tree = [
  menu('home', '首页', 'Home', '/', [], { permission: 'home' }),
  menu('platform', '平台管理', 'Platform', null, [
    menu('people', '组织人员', 'People', null, [
      menu('user', '用户管理', 'Users', '/platform/user', [], { permission: 'platform:user' }),
      menu('role', '角色管理', 'Roles', '/platform/role', [], { permission: 'platform:role' }),
    ], { permission: 'platform:people' }),
  ], { permission: 'platform' }),
]
const role = { id: 'r1', roleCode: 'ops', roleName: '运维', roleType: '', isSys: '0', status: '1', updatedDate: '' }

describe('menu grants', () => {
  it('ticking a page also grants the catalogs above it; unticking a catalog takes its branch', () => {
    const platform = tree[1]!
    const roleItem = platform.children[0]!.children[1]!
    const on = toggleGrant(tree, new Set(['home']), roleItem, true)
    expect([...on].sort()).toEqual(['home', 'platform', 'platform:people', 'platform:role'])
    expect([...toggleGrant(tree, on, platform.children[0]!, false)].sort()).toEqual(['home', 'platform'])
  })
})

describe('role authorisation screen', () => {
  it("opens from the role list's query (roleId, roleCode, roleName), shows the grants and saves the ticked codes", async () => {
    sessionStore.set({ status: 'signedIn', permissions: [ROLE_PERMISSION] })
    const bridge = installFakeBridge({
      hub: {
        'platform.role.resAuth.get': ok({ role, menus: tree, permissions: ['home'] }),
        'platform.role.resAuth.save': (input) => ok({ permissions: [...(input as { permissions: string[] }).permissions].sort() }),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<RoleListPage />, '/platform/role?roleId=r1&roleCode=ops&roleName=%E8%BF%90%E7%BB%B4')
    expect(await screen.findByText('角色授权：运维')).toBeTruthy()
    const home = await screen.findByRole('checkbox', { name: '首页' })
    expect((home as HTMLInputElement).checked).toBe(true)
    await user.click(screen.getByRole('checkbox', { name: '角色管理' }))
    expect((screen.getByRole('checkbox', { name: '平台管理' }) as HTMLInputElement).checked).toBe(false)
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(bridge.hubCalls().find((c) => c.endpoint === 'platform.role.resAuth.save')?.input).toBeTruthy())
    const saved = bridge.hubCalls().find((c) => c.endpoint === 'platform.role.resAuth.save')!.input as { roleId: string; permissions: string[] }
    expect(saved.roleId).toBe('r1')
    expect([...saved.permissions].sort()).toEqual(['home', 'platform', 'platform:people', 'platform:role'])
  })

  it('shows the hub refusal of a built-in role and keeps the ticks', async () => {
    sessionStore.set({ status: 'signedIn', permissions: [ROLE_PERMISSION] })
    installFakeBridge({
      hub: {
        'platform.role.resAuth.get': ok({ role, menus: tree, permissions: [] }),
        'platform.role.resAuth.save': fail('4090', '内置角色不能删除、停用、修改编码或授权'),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<RoleListPage />, '/platform/role?roleId=r1&roleCode=ops&roleName=ops')
    await user.click(await screen.findByRole('checkbox', { name: '首页' }))
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect((await screen.findByRole('alert')).textContent).toBe('内置角色不能删除、停用、修改编码或授权')
    expect((screen.getByRole('checkbox', { name: '首页' }) as HTMLInputElement).checked).toBe(true)
  })
})

describe('sensitive permissions', () => {
  it('marks the codes that reach accounts, and only those, with a translated badge and tooltip', async () => {
    sessionStore.set({ status: 'signedIn', permissions: [ROLE_PERMISSION] })
    installFakeBridge({ hub: { 'platform.role.resAuth.get': ok({ role, menus: tree, permissions: [] }) } })
    const user = userEvent.setup()
    renderWithProviders(<RoleListPage />, '/platform/role?roleId=r1&roleCode=ops&roleName=%E8%BF%90%E7%BB%B4')
    await screen.findByRole('checkbox', { name: '首页' })
    const marks = screen.getAllByTestId('permission-sensitive')
    // platform:user and platform:role of this tree; not home, nor the catalogs above them.
    expect(marks).toHaveLength(2)
    for (const [name, mark] of [['用户管理', marks[0]!], ['角色管理', marks[1]!]] as const) {
      expect(mark.textContent).toBe('敏感')
      expect(mark.parentElement?.textContent).toContain(name)
    }
    expect(screen.getByRole('checkbox', { name: '首页' }).parentElement?.parentElement?.textContent).not.toContain('敏感')
    await user.hover(marks[0]!)
    expect((await screen.findAllByText(/可触及他人账号/)).length).toBeGreaterThan(0)
  })
})
