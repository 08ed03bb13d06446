// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { MenuRecord } from '../../../../shared/contract/platform/admin/menus'
import { MENU_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { sessionStore } from '../../../state/session'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderRegistryPage } from '../../../test/render'
import { resetState } from '../../../test/resetState'

configure({ asyncUtilTimeout: 4000 })
afterEach(resetState)

const menu = (id: string, zh: string, extra: Partial<MenuRecord> = {}): MenuRecord => ({
  id,
  parentId: '',
  menuNameZh: zh,
  menuNameEn: `${id} en`,
  href: '',
  icon: '',
  permission: '',
  weight: 0,
  type: 'catalog',
  appCode: 'datahub',
  routerName: '',
  params: '',
  children: [],
  ...extra,
})
const menus = [menu('sys', '系统管理', { children: [menu('users', '用户管理', { parentId: 'sys', type: 'menu', href: '/users', permission: 'platform:user', weight: 3 })] })]
/** Dialog content whatever tabster's modalizer decided under jsdom. */
const H = { hidden: true } as const

describe('menus screen', () => {
  it('shows the menu tree with names, types and "—" for what is empty; deleting names the menu and reloads', async () => {
    sessionStore.set({ status: 'signedIn', permissions: [MENU_PERMISSION] })
    const bridge = installFakeBridge({ hub: { 'platform.menu.listAll': ok(menus), 'platform.menu.delete': ok(null) } })
    const user = userEvent.setup()
    renderRegistryPage('common', 'MenuList')
    const table = await screen.findByRole('table', { name: '菜单列表' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    const [, sys, users] = within(table).getAllByRole('row')
    expect(within(sys!).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual(['系统管理', '目录', '—', '—', '0'])
    expect(within(users!).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual(['用户管理', '菜单', '/users', 'platform:user', '3'])
    await user.click(within(users!).getByRole('button', { name: '删除' }))
    expect(await screen.findByText('删除菜单 用户管理 会同时删除其全部下级，确定删除吗？')).toBeTruthy()
    await user.click(await screen.findByRole('button', { ...H, name: '确定' }))
    await waitFor(() => expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.menu.listAll')).toHaveLength(2))
    expect(bridge.hubCalls().find((c) => c.endpoint === 'platform.menu.delete')?.input).toEqual({ id: 'users' })
  })

  it('adds a child under its parent with the parent\'s application, and creates a catalog from the toolbar', async () => {
    sessionStore.set({ status: 'signedIn', permissions: [MENU_PERMISSION] })
    installFakeBridge({ hub: { 'platform.menu.listAll': ok(menus) } })
    const user = userEvent.setup()
    renderRegistryPage('common', 'MenuList')
    const table = await screen.findByRole('table', { name: '菜单列表' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    await user.click(within(within(table).getAllByRole('row')[1]!).getByRole('button', { name: '新增下级' }))
    let dialog = await screen.findByRole('dialog', H)
    expect((within(dialog).getByRole('combobox', { ...H, name: '上级菜单' }) as HTMLSelectElement).value).toBe('sys')
    expect((within(dialog).getByRole('textbox', { ...H, name: '应用编码' }) as HTMLInputElement).value).toBe('datahub')
    await user.click(within(dialog).getByRole('button', { ...H, name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog', H)).toBeNull())
    await user.click(screen.getByRole('button', { name: '新增菜单' }))
    dialog = await screen.findByRole('dialog', H)
    expect((within(dialog).getByRole('radio', { ...H, name: '目录' }) as HTMLInputElement).checked).toBe(true)
  })

  it('offers no create, add child, edit or delete without the menu permission', async () => {
    sessionStore.set({ status: 'signedIn', permissions: [] })
    installFakeBridge({ hub: { 'platform.menu.listAll': ok(menus) } })
    renderRegistryPage('common', 'MenuList')
    const table = await screen.findByRole('table', { name: '菜单列表' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(within(table).queryByRole('button')).toBeNull()
    expect(screen.queryByRole('button', { name: '新增菜单' })).toBeNull()
    expect(screen.getByRole('button', { name: '刷新' })).toBeTruthy()
  })
})
