// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Favourite } from '../../../shared/contract/platform/userCentre/favourites'
import { loadSettings } from '../../state/preferences'
import { sessionStore } from '../../state/session'
import { fail, installFakeBridge, ok, type FakeBridgeOptions } from '../../test/fakeBridge'
import { adminUser, menu } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import ChangePasswordPage from './ChangePasswordPage'
import FavouriteListPage from './FavouriteListPage'
import PersonalSettingsPage from './PersonalSettingsPage'

// Fluent dialogs and role queries are slow on a busy two-core machine.
afterEach(resetState)
const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`)) as HTMLInputElement
const signedIn = () => sessionStore.set({ status: 'signedIn', user: adminUser })

describe('change password page', () => {
  it('keeps what was typed and shows the hub’s message when the old password is wrong', async () => {
    installFakeBridge({ hub: { 'platform.me.changePassword': fail('4001', '提交的数据不符合要求', { fields: [{ path: 'oldPassword', key: 'msg_password_old_wrong', message: '原密码错误' }] }) } })
    signedIn()
    const user = userEvent.setup()
    renderWithProviders(<ChangePasswordPage />)
    expect(screen.getByRole('heading', { name: '修改密码' })).toBeTruthy()
    await user.type(field('原密码'), 'Wrong#pass1')
    await user.type(field('新密码'), 'Strong#2024')
    await user.type(field('确认新密码'), 'Strong#2024')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('原密码错误')).toBeTruthy()
    expect(field('新密码').value).toBe('Strong#2024')
    expect(sessionStore.get().status).toBe('signedIn')
  })

  it('refuses two different new entries before calling the hub, and signs out after a change', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.me.changePassword': ok(null) } })
    signedIn()
    const user = userEvent.setup()
    renderWithProviders(<ChangePasswordPage />)
    await user.type(field('原密码'), 'Old#pass1')
    await user.type(field('新密码'), 'Strong#2024')
    await user.type(field('确认新密码'), 'Strong#2025')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy()
    expect(bridge.hubCalls()).toEqual([])
    await user.clear(field('确认新密码'))
    await user.type(field('确认新密码'), 'Strong#2024')
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(sessionStore.get().status).toBe('signedOut'))
  })
})

describe('personal settings page', () => {
  const png = (size: number) => {
    const f = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', { type: 'image/png' })
    Object.defineProperty(f, 'size', { value: size })
    return f
  }

  it('refuses a non-image and an avatar over 2 MB with the spec’s messages, sending nothing', async () => {
    const bridge = installFakeBridge()
    signedIn()
    const user = userEvent.setup({ applyAccept: false })
    renderWithProviders(<PersonalSettingsPage />)
    await user.upload(screen.getByLabelText('上传头像'), new File(['GIF89a'], 'me.gif'))
    expect((await screen.findByRole('alert')).textContent).toBe('上传头像图片只能是 JPG或PNG 格式!')
    await user.upload(screen.getByLabelText('上传头像'), png(2 * 1024 * 1024 + 1))
    expect((await screen.findByRole('alert')).textContent).toBe('上传头像图片大小不能超过 2MB!')
    expect(bridge.calls.some((c) => (c.channel as string) === 'hub.upload')).toBe(false)
  })

  it('uploads an avatar through the main process and shows the new one', async () => {
    const channels = { 'hub.upload': () => ok({ ...adminUser, avatar: 'f1' }) } as unknown as FakeBridgeOptions['channels']
    const bridge = installFakeBridge({ channels, hub: { 'platform.file.content': ok({ id: 'f1', name: 'me.png', contentType: 'image/png', base64: 'iVBORw0KGgo=' }) } })
    signedIn()
    const user = userEvent.setup()
    renderWithProviders(<PersonalSettingsPage />)
    await user.upload(screen.getByLabelText('上传头像'), png(100))
    const sent = bridge.calls.find((c) => (c.channel as string) === 'hub.upload')?.payload as { endpoint: string; name: string }
    expect(sent).toMatchObject({ endpoint: 'platform.me.avatar', name: 'me.png' })
    await waitFor(() => expect(sessionStore.get().user?.avatar).toBe('f1'))
    const img = (await screen.findByAltText('系统管理员 的头像')) as HTMLImageElement
    expect(img.src).toBe('data:image/png;base64,iVBORw0KGgo=')
  })

  it('applies the language at once and saves it to the user’s preference', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.me.update': ok(adminUser) } })
    signedIn()
    const user = userEvent.setup()
    renderWithProviders(<PersonalSettingsPage />)
    await user.click(screen.getByRole('radio', { name: 'English' }))
    expect(await screen.findByRole('heading', { name: 'Personal settings' })).toBeTruthy()
    await waitFor(() => expect(bridge.hubCalls()).toContainEqual({ endpoint: 'platform.me.update', input: { preference: { locale: 'en' } } }))
  })

  it('shows the desktop notification switch as this machine has it, and saves a change on this machine only', async () => {
    const bridge = installFakeBridge({ settings: { incidentNotifications: false } })
    await loadSettings()
    signedIn()
    const user = userEvent.setup()
    renderWithProviders(<PersonalSettingsPage />)
    const toggle = screen.getByRole('switch', { name: '桌面通知 有新告警时通知我' }) as HTMLInputElement
    expect(toggle.checked).toBe(false)
    await user.click(toggle)
    await waitFor(() => expect(bridge.settings.incidentNotifications).toBe(true))
    expect(toggle.checked).toBe(true)
    await user.click(toggle)
    await waitFor(() => expect(bridge.settings.incidentNotifications).toBe(false))
    expect(bridge.calls.filter((c) => c.channel === 'settings.update').map((c) => c.payload)).toEqual([{ incidentNotifications: true }, { incidentNotifications: false }])
    // Not the user's preference on the hub: another computer keeps its own choice.
    expect(bridge.hubCalls()).toEqual([])
  })
})

describe('favourites page', () => {
  const menus = [
    menu('uc', '个人中心', 'User centre', null, [
      menu('pw', '修改密码', 'Change password', '/user-center/password', [], { component: 'ChangePassword' }),
      menu('st', '个人设置', 'Personal settings', '/user-center/settings', [], { component: 'PersonalSettings' }),
    ]),
  ]
  const fav = (id: string, menuId: string, menuName: string): Favourite => ({ id, menuId, menuName, menuNameEn: menuName, component: '', icon: '', createdDate: '2026-05-01T08:00:00.000Z' })

  it('lists favourites, offers only pages not yet marked, and adds one', async () => {
    const bridge = installFakeBridge({
      hub: { 'platform.favourite.list': ok([fav('f1', 'pw', '修改密码')]), 'platform.favourite.create': ok(fav('f2', 'st', '个人设置')) },
    })
    sessionStore.set({ status: 'signedIn', user: adminUser, menus })
    const user = userEvent.setup()
    renderWithProviders(<FavouriteListPage />)
    const table = await screen.findByRole('table', { name: '我的收藏' })
    expect(within(table).getByText('修改密码')).toBeTruthy()
    const select = screen.getByRole('combobox', { name: '收藏页面' }) as HTMLSelectElement
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['请选择页面', '个人设置'])
    await user.selectOptions(select, 'st')
    await user.click(screen.getByRole('button', { name: '收藏' }))
    expect(await within(table).findByText('个人设置')).toBeTruthy()
    expect(bridge.hubCalls()).toContainEqual({ endpoint: 'platform.favourite.create', input: { menuId: 'st' } })
  })

  it('asks before removing a favourite', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.favourite.list': ok([fav('f1', 'pw', '修改密码')]), 'platform.favourite.delete': ok(null) } })
    sessionStore.set({ status: 'signedIn', user: adminUser, menus })
    const user = userEvent.setup()
    renderWithProviders(<FavouriteListPage />)
    await user.click(await screen.findByRole('button', { name: '取消收藏 修改密码' }))
    expect(await screen.findByText('确定取消收藏“修改密码”？')).toBeTruthy()
    // hidden: Fluent's modal bookkeeping from earlier renders in this file can mark the portal aria-hidden in jsdom.
    await user.click(screen.getByRole('button', { name: '确定', hidden: true }))
    expect(await screen.findByText('暂无收藏，可在上方选择页面加入收藏')).toBeTruthy()
    expect(bridge.hubCalls()).toContainEqual({ endpoint: 'platform.favourite.delete', input: { id: 'f1' } })
  })
})
