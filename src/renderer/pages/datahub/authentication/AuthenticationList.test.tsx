// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AUTHENTICATION_PERMISSION, type Authentication } from '../../../../shared/contract/datahub/authentication'
import { sessionStore } from '../../../state/session'
import { installFakeBridge, ok, type FakeHubHandler } from '../../../test/fakeBridge'
import { renderRegistryPage } from '../../../test/render'
import { resetState } from '../../../test/resetState'

afterEach(resetState)

const method = (authenName: string, extra: Partial<Authentication> = {}): Authentication => ({
  id: `id-${authenName}`,
  version: 2,
  createdAt: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-01-02T08:00:00.000Z',
  appCode: 'erp',
  appName: 'ERP',
  authenName,
  authenType: '1',
  tokenKey: 'Authorization',
  tokenValue: '',
  tokenValueSet: true,
  tokenUrl: '',
  tokenMethod: 'POST',
  tokenParams: '',
  tokenStatusCode: '',
  tokenParseLevel: '',
  tokenValidity: '',
  status: '1',
  remark: '',
  ...extra,
})

/** Dialog content whatever tabster's modalizer decided under jsdom (see ResourceListPage.test.tsx). */
const H = { hidden: true } as const
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

function setUp(hub: Record<string, FakeHubHandler> = {}) {
  sessionStore.set({ status: 'signedIn', permissions: [AUTHENTICATION_PERMISSION] })
  return installFakeBridge({ hub: { 'datahub.authentication.list': ok({ content: [method('erp-token')], totalElements: 1 }), ...hub } })
}

describe('API authentication list page', () => {
  it('a parsed token asks for its API, status code and parse level; the static token field goes away', async () => {
    const bridge = setUp({ 'datahub.authentication.create': (input) => ok(method('sso', input as Partial<Authentication>)) })
    const user = userEvent.setup()
    renderRegistryPage('datahub', 'AuthenticationList')
    const table = await screen.findByRole('table', { name: 'API 认证列表' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1))
    expect(within(rowsOf(table)[0]!).getAllByRole('cell').map((c) => c.textContent).slice(0, 4)).toEqual(['erp-token', 'erp', 'ERP', '静态令牌'])
    await user.click(screen.getByRole('button', { name: '新增 API 认证' }))
    const form = await screen.findByRole('dialog', H)
    expect(within(form).getByLabelText('令牌')).toBeTruthy()
    await user.click(within(form).getByRole('radio', { ...H, name: '接口获取令牌' }))
    expect(within(form).queryByLabelText('令牌')).toBeNull()
    await user.type(within(form).getByRole('textbox', { ...H, name: '应用编码' }), 'erp')
    await user.type(within(form).getByRole('textbox', { ...H, name: '认证名称' }), 'sso')
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    expect(await within(form).findByText('请输入获取令牌的接口地址')).toBeTruthy()
    expect(within(form).getByText('令牌状态码为 1-10 位数字')).toBeTruthy()
    await user.type(within(form).getByRole('textbox', { ...H, name: '获取令牌的接口地址' }), 'https://sso.example.com/token')
    await user.type(within(form).getByRole('textbox', { ...H, name: '令牌状态码' }), '200')
    await user.type(within(form).getByRole('textbox', { ...H, name: '令牌解析层级' }), '$.data.token')
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    await waitFor(() => expect(screen.queryByRole('dialog', H)).toBeNull())
    expect(bridge.hubCalls().find((c) => c.endpoint === 'datahub.authentication.create')?.input).toMatchObject({
      appCode: 'erp',
      authenName: 'sso',
      authenType: '2',
      tokenUrl: 'https://sso.example.com/token',
      tokenMethod: 'POST',
      tokenStatusCode: '200',
      tokenParseLevel: '$.data.token',
    })
  })

  it('disables a method with the switch (the hub toggles it by id and version)', async () => {
    const bridge = setUp({ 'datahub.authentication.disableOrEnable': ok(method('erp-token', { status: '0', version: 3 })) })
    const user = userEvent.setup()
    renderRegistryPage('datahub', 'AuthenticationList')
    const table = await screen.findByRole('table', { name: 'API 认证列表' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1))
    await user.click(within(rowsOf(table)[0]!).getByRole('switch'))
    await user.click(await screen.findByRole('button', { ...H, name: '确定' }))
    await waitFor(() => expect(bridge.hubCalls().find((c) => c.endpoint === 'datahub.authentication.disableOrEnable')?.input).toEqual({ id: 'id-erp-token', version: 2 }))
  })
})
