// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { me } from '../../shared/contract/platform/session'
import { callHub } from '../api/hub'
import { App } from '../App'
import { sessionStore } from '../state/session'
import { installSessionListeners } from '../state/sessionEvents'
import { fail, installFakeBridge, installMatchMedia } from '../test/fakeBridge'
import { adminUser, sampleMenus, signedInHub } from '../test/fixtures'
import { resetState } from '../test/resetState'

const renderApp = (path: string) => {
  installMatchMedia()
  window.history.replaceState(null, '', path)
  return render(<App />)
}
const signIn = () => sessionStore.set({ status: 'signedIn', user: adminUser, permissions: [], menus: sampleMenus, clientRouters: [], product: null })

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  // As after the start-up check found no stored session.
  sessionStore.set({ status: 'signedOut' })
})
afterEach(async () => {
  vi.restoreAllMocks()
  await resetState()
})

describe('route guards in the app (fake bridge)', () => {
  it('a visitor who is not signed in is sent from / to the login view', async () => {
    installFakeBridge()
    renderApp('/')
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy()
    expect(window.location.pathname).toBe('/login')
  })

  it('an unknown path also ends on the login view when signed out (the catch-all)', async () => {
    installFakeBridge()
    renderApp('/no/such/page')
    await screen.findByLabelText(/^密码/)
    expect(window.location.pathname).toBe('/login')
  })

  it("the approval routes are public: a mail link's page asks the hub with its token, without signing in", async () => {
    const bridge = installFakeBridge({ hub: { 'platform.approve.detail': fail('4090', '审批链接已使用过') } })
    renderApp('/approveDetail?token=used-token-0123456789')
    expect(await screen.findByText('审批链接已使用过')).toBeTruthy()
    expect(window.location.pathname).toBe('/approveDetail')
    expect(bridge.hubCalls()).toContainEqual({ endpoint: 'platform.approve.detail', input: { token: 'used-token-0123456789' } })
  })

  it("a datahub-console:// link reaching the running console opens its approval page, and nothing but that page", async () => {
    const bridge = installFakeBridge({ hub: { ...signedInHub(), 'platform.approve.detail': fail('4031', '审批链接无效') } })
    signIn()
    renderApp('/')
    await screen.findByRole('navigation', { name: '主导航' })
    act(() => bridge.emit('deepLink.open', { path: '/system/user' }))
    expect(window.location.pathname).toBe('/')
    act(() => bridge.emit('deepLink.open', { path: '/approveDetail?token=abcdefghijklmnop' }))
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/approveDetail?token=abcdefghijklmnop'))
    expect(await screen.findByText('审批链接无效')).toBeTruthy()
  })

  it('a signed-in user visiting /login is sent to / and sees the shell', async () => {
    installFakeBridge({ hub: signedInHub() })
    signIn()
    renderApp('/login')
    expect(await screen.findByRole('navigation', { name: '主导航' })).toBeTruthy()
    expect(window.location.pathname).toBe('/')
    expect(screen.getByRole('treeitem', { name: '用户管理' })).toBeTruthy()
    expect(await screen.findByRole('heading', { name: '欢迎，系统管理员' })).toBeTruthy()
  })

  it('a signed-in user on an unknown path stays in the shell with a page-not-found message', async () => {
    installFakeBridge({ hub: signedInHub() })
    signIn()
    renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy()
  })
})

describe('the shell (fake bridge)', () => {
  it('nav items open their route; a page not built yet says so by name; breadcrumbs follow the menu chain', async () => {
    installFakeBridge({ hub: signedInHub() })
    signIn()
    const user = userEvent.setup()
    renderApp('/')
    await user.click(await screen.findByRole('treeitem', { name: '用户管理' }))
    await waitFor(() => expect(window.location.pathname).toBe('/system/user'))
    expect(await screen.findByText('“用户管理”模块尚未在此版本中提供。')).toBeTruthy()
    const crumbs = screen.getByRole('navigation', { name: '当前位置' })
    expect(crumbs.textContent).toContain('系统管理')
    expect(crumbs.textContent).toContain('用户管理')
  })

  it('the language switch shows English menu names and stores the choice on this machine and for the user', async () => {
    const bridge = installFakeBridge({ hub: signedInHub() })
    signIn()
    const user = userEvent.setup()
    renderApp('/')
    await user.click(await screen.findByRole('button', { name: '切换语言' }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }))
    expect(await screen.findByRole('treeitem', { name: 'Users' })).toBeTruthy()
    expect(bridge.settings.locale).toBe('en')
    await waitFor(() => expect(bridge.hubCalls()).toContainEqual({ endpoint: 'platform.me.update', input: { preference: { locale: 'en' } } }))
  })

  it('signing out from the user menu revokes the session and shows the login view', async () => {
    const bridge = installFakeBridge({ hub: signedInHub() })
    signIn()
    const user = userEvent.setup()
    renderApp('/')
    await user.click(await screen.findByRole('button', { name: '用户菜单' }))
    await user.click(await screen.findByRole('menuitem', { name: '退出登录' }))
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy()
    expect(bridge.hubCalls().map((c) => c.endpoint)).toContain('platform.logout')
    expect(sessionStore.get().status).toBe('signedOut')
  })

  it('a click on the OS notification of a new incident opens the alert records on it', async () => {
    const bridge = installFakeBridge({ hub: signedInHub() })
    signIn()
    renderApp('/')
    await screen.findByRole('navigation', { name: '主导航' })
    act(() => bridge.emit('incident.open', { id: 'inc-42' }))
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/alert/record?incident=inc-42'))
    // A notification that summed up several opens the list itself.
    act(() => bridge.emit('incident.open', { id: null }))
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/alert/record'))
  })

  it('a 4030 answer drops the session and the console returns to the login view', async () => {
    installFakeBridge({ hub: { ...signedInHub(), 'platform.me': fail('4030', '登录已失效，请重新登录') } })
    const off = installSessionListeners()
    signIn()
    renderApp('/')
    await screen.findByRole('navigation', { name: '主导航' })
    await callHub(me)
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy()
    expect(sessionStore.get()).toMatchObject({ status: 'signedOut', user: null, menus: [], permissions: [] })
    off()
  })
})
