// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router-dom'
import type { HubResult } from '../../../shared/envelope'
import { LOGIN_FLAG_KEY, sessionStore } from '../../state/session'
import { fail, installFakeBridge, ok } from '../../test/fakeBridge'
import { adminUser, signedInHub } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import LoginPage from './LoginPage'

afterEach(resetState)

const providers = [
  { id: 'p1', name: 'Corporate IdP', kind: 'oidc', available: true },
  { id: 'p2', name: 'Campus CAS', kind: 'cas', available: true },
]

/** 'sso.signIn' answers when the test says (the browser is "open" until then). */
function pendingSignIn() {
  let answer: (r: HubResult<unknown>) => void = () => {}
  const started: unknown[] = []
  return {
    started,
    answer: (r: HubResult<unknown>) => answer(r),
    channel: (payload: unknown) => {
      started.push(payload)
      return new Promise<HubResult<unknown>>((resolve) => (answer = resolve))
    },
  }
}

const renderLogin = () =>
  renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>home page</p>} />
    </Routes>,
    '/login',
  )

describe('single sign-on on the sign-in page', () => {
  it('fake bridge: shows no provider buttons when the hub lists none', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.sso.providers': ok([]) } })
    renderLogin()
    await waitFor(() => expect(bridge.hubCalls().map((c) => c.endpoint)).toContain('platform.sso.providers'))
    expect(screen.queryByRole('region', { name: '单点登录' })).toBeNull()
  })

  it('fake bridge: an enabled provider that does not answer is listed greyed with why, not hidden', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.sso.providers': ok([providers[0], { ...providers[1], available: false }]) }, channels: { 'sso.signIn': pendingSignIn().channel } })
    renderLogin()
    const down = await screen.findByRole('button', { name: 'Campus CAS（暂不可用）' })
    expect((down as HTMLButtonElement).disabled).toBe(true)
    expect(down.getAttribute('aria-describedby') && document.getElementById(down.getAttribute('aria-describedby')!)?.textContent).toBe('认证服务器暂时没有应答，请稍后再试或联系管理员。')
    expect(screen.getByRole('button', { name: '使用 Corporate IdP 登录' })).toBeTruthy()
    expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.sso.authorize')).toEqual([])
  })

  it('fake bridge: a button per provider; waiting with Cancel while the browser is open; then home, signed in', async () => {
    const signIn = pendingSignIn()
    const bridge = installFakeBridge({ hub: { ...signedInHub(), 'platform.sso.providers': ok(providers) }, channels: { 'sso.signIn': signIn.channel } })
    const user = userEvent.setup()
    renderLogin()
    expect(await screen.findByRole('button', { name: '使用 Campus CAS 登录' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '使用 Corporate IdP 登录' }))
    expect(await screen.findByText('请在浏览器中完成 Corporate IdP 的登录')).toBeTruthy()
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '使用 Corporate IdP 登录' })).toBeNull()
    expect(signIn.started).toEqual([{ providerId: 'p1' }])
    signIn.answer(ok(adminUser))
    expect(await screen.findByText('home page')).toBeTruthy()
    expect(sessionStore.get()).toMatchObject({ status: 'signedIn', user: { username: 'admin' } })
    expect(localStorage.getItem(LOGIN_FLAG_KEY)).toBe('1')
    expect(bridge.hubCalls().map((c) => c.endpoint)).toContain('platform.me')
  })

  it('fake bridge: Cancel asks the main process to end the wait; the cancelled answer says nothing', async () => {
    const signIn = pendingSignIn()
    const cancels: unknown[] = []
    installFakeBridge({
      hub: { 'platform.sso.providers': ok(providers) },
      channels: {
        'sso.signIn': signIn.channel,
        'sso.cancel': () => {
          cancels.push(true)
          signIn.answer(fail('5040', ''))
          return { cancelled: true }
        },
      },
    })
    const user = userEvent.setup()
    renderLogin()
    await user.click(await screen.findByRole('button', { name: '使用 Campus CAS 登录' }))
    await user.click(await screen.findByRole('button', { name: '取消' }))
    expect(cancels).toHaveLength(1)
    expect(await screen.findByRole('button', { name: '使用 Campus CAS 登录' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(sessionStore.get().status).toBe('signedOut')
  })

  it("fake bridge: a refusal shows the main process's translated message and the buttons again", async () => {
    const signIn = pendingSignIn()
    installFakeBridge({ hub: { 'platform.sso.providers': ok(providers) }, channels: { 'sso.signIn': signIn.channel } })
    const user = userEvent.setup()
    renderLogin()
    await user.click(await screen.findByRole('button', { name: '使用 Corporate IdP 登录' }))
    signIn.answer(fail('4010', '没有可登录的对应平台用户'))
    expect((await screen.findByRole('alert')).textContent).toContain('没有可登录的对应平台用户')
    expect(screen.getByRole('button', { name: '使用 Corporate IdP 登录' })).toBeTruthy()
    expect(screen.queryByText('home page')).toBeNull()
  })

  it('fake bridge: a user whose password someone else chose gets the password change first, as after a password sign-in', async () => {
    const signIn = pendingSignIn()
    const bridge = installFakeBridge({ hub: { ...signedInHub(), 'platform.sso.providers': ok(providers) }, channels: { 'sso.signIn': signIn.channel } })
    const user = userEvent.setup()
    renderLogin()
    await user.click(await screen.findByRole('button', { name: '使用 Corporate IdP 登录' }))
    signIn.answer(ok({ ...adminUser, mustChangePassword: true }))
    expect(await screen.findByText('请修改密码')).toBeTruthy()
    expect(bridge.hubCalls().map((c) => c.endpoint)).not.toContain('platform.me')
  })
})
