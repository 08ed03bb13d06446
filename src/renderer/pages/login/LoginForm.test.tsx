// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router-dom'
import { preferencesStore } from '../../state/preferences'
import { LOGIN_FLAG_KEY, sessionStore } from '../../state/session'
import { fail, installFakeBridge, ok } from '../../test/fakeBridge'
import { adminUser, signedInHub } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { LoginForm } from './LoginForm'

afterEach(resetState)

const renderLogin = () =>
  renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginForm />} />
      <Route path="/" element={<p>home page</p>} />
    </Routes>,
    '/login',
  )
const username = () => screen.getByLabelText(/^用户名/)
const password = () => screen.getByLabelText(/^密码/)
const submit = () => screen.getByRole('button', { name: '登录' })

describe('login form validation (shared loginFormSchema, on blur)', () => {
  it('fake bridge: shows the required message of a field only once it is left', async () => {
    installFakeBridge()
    const user = userEvent.setup()
    renderLogin()
    await user.click(username())
    expect(screen.queryByText('请输入用户名')).toBeNull()
    await user.tab()
    expect(await screen.findByText('请输入用户名')).toBeTruthy()
    expect(screen.queryByText('请输入密码')).toBeNull()
  })

  it('fake bridge: whitespace only counts as empty (trimmed), and typing clears the message', async () => {
    installFakeBridge()
    const user = userEvent.setup()
    renderLogin()
    await user.type(username(), '   ')
    await user.tab()
    expect(await screen.findByText('请输入用户名')).toBeTruthy()
    await user.type(username(), 'admin')
    await waitFor(() => expect(screen.queryByText('请输入用户名')).toBeNull())
  })

  it('fake bridge: submitting an empty form shows both messages and calls no hub', async () => {
    const bridge = installFakeBridge()
    const user = userEvent.setup()
    renderLogin()
    await user.click(submit())
    expect(await screen.findByText('请输入用户名')).toBeTruthy()
    expect(screen.getByText('请输入密码')).toBeTruthy()
    expect(bridge.hubCalls()).toEqual([])
  })
})

describe('signing in', () => {
  it('fake bridge: sends trimmed credentials, remembers the username, loads the session and goes to /', async () => {
    const bridge = installFakeBridge({ hub: { ...signedInHub(), 'platform.login': ok(adminUser) } })
    const user = userEvent.setup()
    renderLogin()
    await user.type(username(), '  admin  ')
    await user.type(password(), 'Secret#123')
    await user.click(screen.getByRole('checkbox', { name: '记住我' }))
    await user.click(submit())
    expect(await screen.findByText('home page')).toBeTruthy()
    expect(bridge.hubCalls()[0]).toEqual({ endpoint: 'platform.login', input: { username: 'admin', password: 'Secret#123' } })
    const loaded = bridge.hubCalls().map((c) => c.endpoint)
    for (const e of ['platform.me', 'platform.permission.myPermission.listAll', 'platform.menu.list', 'platform.parameter.listAll', 'platform.dictionaryData.all']) expect(loaded).toContain(e)
    expect(bridge.settings.rememberedUsername).toBe('admin')
    expect(sessionStore.get()).toMatchObject({ status: 'signedIn', user: { username: 'admin' }, permissions: ['system:user:list'] })
    expect(localStorage.getItem(LOGIN_FLAG_KEY)).toBe('1')
  })

  it("fake bridge: shows the server's message under the form and stays on /login", async () => {
    installFakeBridge({ hub: { 'platform.login': fail('4010', '用户名或密码错误') } })
    const user = userEvent.setup()
    renderLogin()
    await user.type(username(), 'admin')
    await user.type(password(), 'wrong')
    await user.click(submit())
    expect((await screen.findByRole('alert')).textContent).toContain('用户名或密码错误')
    expect(sessionStore.get().status).toBe('signedOut')
    expect(screen.queryByText('home page')).toBeNull()
  })

  it('fake bridge: without remember-me the stored username is forgotten', async () => {
    const bridge = installFakeBridge({ hub: { ...signedInHub(), 'platform.login': ok(adminUser) }, settings: { rememberedUsername: 'old' } })
    preferencesStore.set({ rememberedUsername: 'old', loaded: true })
    const user = userEvent.setup()
    renderLogin()
    expect((username() as HTMLInputElement).value).toBe('old')
    await user.click(screen.getByRole('checkbox', { name: '记住我' }))
    await user.clear(username())
    await user.type(username(), 'admin')
    await user.type(password(), 'Secret#123')
    await user.click(submit())
    await screen.findByText('home page')
    expect(bridge.settings.rememberedUsername).toBeNull()
  })

  it('fake bridge: a password someone else chose shows the change step first, loads nothing, and returns to sign-in once changed', async () => {
    const bridge = installFakeBridge({ hub: { ...signedInHub(), 'platform.login': ok({ ...adminUser, mustChangePassword: true }), 'platform.me.changePassword': ok(null) } })
    const user = userEvent.setup()
    renderLogin()
    await user.type(username(), 'admin')
    await user.type(password(), 'Given#Pass1')
    await user.click(submit())
    expect(await screen.findByText('请修改密码')).toBeTruthy()
    expect(bridge.hubCalls().map((c) => c.endpoint)).toEqual(['platform.login'])
    expect(sessionStore.get().status).toBe('signedOut')
    const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`))
    await user.type(field('原密码'), 'Given#Pass1')
    await user.type(field('新密码'), 'Mine#Pass22')
    await user.type(field('确认新密码'), 'Mine#Pass22')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy()
    expect(bridge.hubCalls()[1]).toEqual({ endpoint: 'platform.me.changePassword', input: { oldPassword: 'Given#Pass1', newPassword: 'Mine#Pass22', confirmPassword: 'Mine#Pass22' } })
    expect(screen.queryByText('home page')).toBeNull()
  })
})
