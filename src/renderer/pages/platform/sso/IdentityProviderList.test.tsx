// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { useLocation } from 'react-router-dom'
import userEvent from '@testing-library/user-event'
import { IDENTITY_PROVIDER_PERMISSION, type IdentityProvider } from '../../../../shared/contract/platform/identityProviders'
import { sessionStore } from '../../../state/session'
import { findModal } from '../../../test/dialogs'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { Suspense } from 'react'
import { resolvePage } from '../../registry'
import { renderRegistryPage, renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'

afterEach(resetState)

const corp: IdentityProvider = {
  id: 'p1', kind: 'oidc', name: 'Corporate IdP', enabled: '1', serverUrl: 'https://login.example.com', clientId: 'console', clientSecretSet: true, scopes: 'openid',
  appCode: '', claim: '', matchBy: 'email', redirectUris: ['http://127.0.0.1/callback'], autoCreate: '0', roles: [], adminTrusted: '0', remark: '', updatedDate: '2025-01-01T00:00:00.000Z',
}

describe('identity providers page', () => {
  it('lists the providers with their kind and tests a connection from the row', async () => {
    const bridge = installFakeBridge({
      hub: {
        'platform.identityProvider.list': ok({ content: [corp], totalElements: 1 }),
        'platform.identityProvider.testConnection': ok({ detail: 'https://login.example.com → https://login.example.com/auth' }),
      },
    })
    sessionStore.set({ status: 'signedIn', permissions: [IDENTITY_PROVIDER_PERMISSION] })
    const user = userEvent.setup()
    renderRegistryPage('common', 'IdentityProviderList')
    const table = await screen.findByRole('table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    const row = within(table).getAllByRole('row')[1]!
    expect(row.textContent).toContain('Corporate IdP')
    expect(row.textContent).toContain('OpenID Connect')
    expect(row.textContent).toContain('邮箱')
    await user.click(within(row).getByRole('button', { name: '测试连接' }))
    await waitFor(() => expect(bridge.hubCalls().find((c) => c.endpoint === 'platform.identityProvider.testConnection')?.input).toEqual({ id: 'p1' }))
  })

  it('shows each kind its own fields in the create form', async () => {
    installFakeBridge({ hub: { 'platform.identityProvider.list': ok({ content: [], totalElements: 0 }) } })
    sessionStore.set({ status: 'signedIn', permissions: [IDENTITY_PROVIDER_PERMISSION] })
    const user = userEvent.setup()
    renderRegistryPage('common', 'IdentityProviderList')
    await user.click(await screen.findByRole('button', { name: /新增/ }))
    const dialog = await findModal()
    expect(within(dialog).getByText('客户端密钥')).toBeTruthy()
    expect(within(dialog).queryByText('应用编码')).toBeNull()
  })

  it('edits the trust for administrators as a switch, sent as a flag', async () => {
    const bridge = installFakeBridge({
      hub: { 'platform.identityProvider.list': ok({ content: [corp], totalElements: 1 }), 'platform.identityProvider.update': ok({ ...corp, adminTrusted: '1' }) },
    })
    sessionStore.set({ status: 'signedIn', permissions: [IDENTITY_PROVIDER_PERMISSION] })
    const user = userEvent.setup()
    renderRegistryPage('common', 'IdentityProviderList')
    const table = await screen.findByRole('table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    await user.click(within(within(table).getAllByRole('row')[1]!).getByRole('button', { name: /编辑/ }))
    const dialog = await findModal()
    // By its label: an earlier test's modal may still mark the rest of the page aria-hidden.
    const toggle = within(dialog).getByLabelText<HTMLInputElement>('允许登录系统管理员账号')
    expect(toggle.getAttribute('role')).toBe('switch')
    expect(toggle.checked).toBe(false)
    expect(within(dialog).getByText('仅系统管理员可以更改此项，或编辑已开启此项的身份提供方')).toBeTruthy()
    await user.click(toggle)
    await user.click(within(dialog).getByRole('button', { name: /确定|保存/ }))
    await waitFor(() => expect(bridge.hubCalls().find((c) => c.endpoint === 'platform.identityProvider.update')?.input).toMatchObject({ id: 'p1', adminTrusted: '1' }))
  })
})

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>
}

describe('the identity providers page says whether single sign-on works now', () => {
  const down = { id: 'p1', name: 'Corporate IdP', kind: 'oidc', ok: false, address: 'http://127.0.0.1:9/.well-known/openid-configuration', detail: '连接认证服务器 http://127.0.0.1:9/.well-known/openid-configuration 失败：connect ECONNREFUSED 127.0.0.1:9（IO 异常）' }
  it('names each enabled provider that cannot be reached with its address and cause, and that sso is off, with the way to the parameters', async () => {
    installFakeBridge({
      hub: {
        'platform.identityProvider.list': ok({ content: [corp], totalElements: 1 }),
        'platform.identityProvider.health': ok({ ssoOn: false, appSsoOn: false, providers: [down, { ...down, id: 'p2', name: 'Campus CAS', kind: 'cas', ok: true, detail: 'ok' }] }),
      },
    })
    sessionStore.set({ status: 'signedIn', permissions: [IDENTITY_PROVIDER_PERMISSION] })
    const user = userEvent.setup()
    // The registry's page with the location beside it, in one router.
    const Page = resolvePage('common', 'IdentityProviderList')!
    renderWithProviders(
      <Suspense>
        <Page />
        <Where />
      </Suspense>,
    )
    const failing = await screen.findByRole('group', { name: '1 个已启用的身份提供方无法连接' })
    expect(within(failing).getAllByRole('listitem').map((li) => li.textContent)).toEqual([`Corporate IdP: ${down.detail}`])
    const off = screen.getByRole('group', { name: '单点登录已关闭' })
    expect(off.textContent).toContain('系统参数 sso 为关闭')
    await user.click(within(off).getByRole('button', { name: '打开系统参数' }))
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/platform/parameter'))
  })

  it('says nothing when sso is on and every enabled provider answers', async () => {
    const bridge = installFakeBridge({
      hub: { 'platform.identityProvider.list': ok({ content: [corp], totalElements: 1 }), 'platform.identityProvider.health': ok({ ssoOn: true, appSsoOn: false, providers: [{ ...down, ok: true }] }) },
    })
    sessionStore.set({ status: 'signedIn', permissions: [IDENTITY_PROVIDER_PERMISSION] })
    renderRegistryPage('common', 'IdentityProviderList')
    await screen.findByRole('table')
    await waitFor(() => expect(bridge.hubCalls().map((c) => c.endpoint)).toContain('platform.identityProvider.health'))
    expect(screen.queryByRole('group', { name: /无法连接|单点登录已关闭/ })).toBeNull()
  })
})
