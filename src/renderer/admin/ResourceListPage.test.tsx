// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Role } from '../../shared/contract/platform/admin/roles'
import { ROLE_PERMISSION } from '../../shared/contract/platform/admin/permissions'
import { referenceStore } from '../state/reference'
import { sessionStore } from '../state/session'
import { findQuestion } from '../test/dialogs'
import { fail, installFakeBridge, ok, type FakeHubHandler } from '../test/fakeBridge'
import { adminUser } from '../test/fixtures'
import { renderWithProviders } from '../test/render'
import { resetState } from '../test/resetState'
import { roleResource } from '../pages/platform/role/roleResource'
import { ResourceListPage } from './ResourceListPage'

afterEach(resetState)

const role = (code: string, extra: Partial<Role> = {}): Role => ({
  id: `id-${code}`,
  roleCode: code,
  roleName: `${code} 角色`,
  roleType: '',
  isSys: '0',
  status: '1',
  updatedDate: '2024-05-01T08:00:00.000Z',
  ...extra,
})
const definition = roleResource(() => {})
const dictionaries = [
  { dictType: 'sys_yes_no', dictValue: '1', dictLabelCn: '是', dictLabelEn: 'Yes', status: '1', sort: 1 },
  { dictType: 'sys_yes_no', dictValue: '0', dictLabelCn: '否', dictLabelEn: 'No', status: '1', sort: 2 },
  { dictType: 'sys_role_status', dictValue: '1', dictLabelCn: '正常', dictLabelEn: 'Normal', status: '1', sort: 1 },
  { dictType: 'sys_role_status', dictValue: '0', dictLabelCn: '停用', dictLabelEn: 'Disabled', status: '1', sort: 2 },
]

function setUp(permissions: string[], hub: Record<string, FakeHubHandler> = {}) {
  sessionStore.set({ status: 'signedIn', permissions })
  referenceStore.set({ dictionaries })
  return installFakeBridge({ hub: { 'platform.role.query': ok({ content: [role('admin', { isSys: '1' }), role('ops')], totalElements: 2 }), ...hub } })
}
/**
 * Dialog content whatever tabster's modalizer decided: under jsdom it may mark an open modal
 * aria-hidden (its focus tracking does not run there). Chromium is covered end to end.
 */
const H = { hidden: true } as const
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

describe('resource list page', () => {
  it('lists page 1 of 20 with dictionary labels, and searches with the filled filters only', async () => {
    const bridge = setUp([ROLE_PERMISSION])
    const user = userEvent.setup()
    renderWithProviders(<ResourceListPage definition={definition} />)
    const table = await screen.findByRole('table', { name: '角色列表' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2))
    expect(bridge.hubCalls()[0]).toEqual({ endpoint: 'platform.role.query', input: { pageNum: 1, pageSize: 20 } })
    expect(within(rowsOf(table)[0]!).getAllByRole('cell').map((c) => c.textContent).slice(0, 4)).toEqual(['admin', 'admin 角色', '—', '是'])
    await user.type(screen.getByRole('textbox', { name: '角色编码' }), 'ops')
    await user.click(screen.getByRole('button', { name: '查询' }))
    await waitFor(() => expect(bridge.hubCalls().at(-1)).toEqual({ endpoint: 'platform.role.query', input: { roleCode: 'ops', pageNum: 1, pageSize: 20 } }))
  })

  it('hides create, edit, delete, status and row actions from a user without the permission code', async () => {
    setUp(['home'])
    renderWithProviders(<ResourceListPage definition={definition} />)
    const table = await screen.findByRole('table', { name: '角色列表' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2))
    expect(screen.queryByRole('button', { name: '新增角色' })).toBeNull()
    expect(within(table).queryByRole('button')).toBeNull()
    expect(within(table).queryByRole('switch')).toBeNull()
    expect(screen.getByRole('button', { name: '刷新' })).toBeTruthy()
  })

  it('deletes a row after confirmation and reloads; cancelling sends nothing', async () => {
    const bridge = setUp([ROLE_PERMISSION], { 'platform.role.delete': ok(null) })
    const user = userEvent.setup()
    renderWithProviders(<ResourceListPage definition={definition} />)
    const table = await screen.findByRole('table', { name: '角色列表' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2))
    await user.click(within(rowsOf(table)[1]!).getByRole('button', { name: '删除' }))
    await user.click(await screen.findByRole('button', { ...H, name: '取消' }))
    expect(bridge.hubCalls().some((c) => c.endpoint === 'platform.role.delete')).toBe(false)
    await user.click(within(rowsOf(table)[1]!).getByRole('button', { name: '删除' }))
    await user.click(await screen.findByRole('button', { ...H, name: '确定' }))
    await waitFor(() => expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.role.query')).toHaveLength(2))
    expect(bridge.hubCalls().find((c) => c.endpoint === 'platform.role.delete')?.input).toEqual({ id: 'id-ops' })
  })
})

describe('resource list: what is not under change control (issue 19)', () => {
  it("deletes a role with the usual question only, even when the user's role requires approval", async () => {
    const bridge = setUp([ROLE_PERMISSION], { 'platform.process.roleApproval.mine': ok({ required: true }), 'platform.role.delete': ok(null) })
    sessionStore.set({ user: { ...adminUser } })
    const user = userEvent.setup()
    renderWithProviders(<ResourceListPage definition={definition} />)
    const table = await screen.findByRole('table', { name: '角色列表' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2))
    await user.click(within(rowsOf(table)[1]!).getByRole('button', { name: '删除' }))
    const ask = await findQuestion('删除角色')
    expect(ask.textContent).toContain('确定删除该数据吗？')
    expect(ask.textContent).not.toContain('提交审批')
    await user.click(within(ask).getByRole('button', { ...H, name: '确定' }))
    await waitFor(() => expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.role.delete')).toHaveLength(1))
    expect(bridge.hubCalls().some((c) => c.endpoint === 'platform.process.roleApproval.mine')).toBe(false)
  })
})

describe('resource form', () => {
  it('checks a field on blur with the shared rule, and sends nothing while the form is invalid', async () => {
    const bridge = setUp([ROLE_PERMISSION])
    const user = userEvent.setup()
    renderWithProviders(<ResourceListPage definition={definition} />)
    await user.click(await screen.findByRole('button', { name: '新增角色' }))
    const form = await screen.findByRole('dialog', H)
    expect(within(form).getByRole('heading', H).textContent).toBe('新增角色')
    await user.type(within(form).getByRole('textbox', { ...H, name: '角色编码' }), 'ops1')
    // Leaving the field (focus moves on) checks it.
    await user.click(within(form).getByRole('textbox', { ...H, name: '角色名称' }))
    expect(await within(form).findByText('角色编码须为 1-20 位英文字母')).toBeTruthy()
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    expect(await within(form).findByText('请输入角色名称')).toBeTruthy()
    expect(bridge.hubCalls().some((c) => c.endpoint === 'platform.role.create')).toBe(false)
  })

  it('keeps the form after a refused save, with the hub message and its per-field messages; a good save closes and reloads', async () => {
    let attempts = 0
    const bridge = setUp([ROLE_PERMISSION], {
      'platform.role.create': (input: unknown) => {
        attempts += 1
        if (attempts === 1) return fail('4001', '提交的数据不符合要求', { fields: [{ path: 'roleName', key: 'msg_role_name_rule', message: '角色名称须为 1-20 位英文或中文' }] })
        if (attempts === 2) return fail('4090', '角色编码已存在')
        return ok(role((input as { roleCode: string }).roleCode))
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ResourceListPage definition={definition} />)
    await user.click(await screen.findByRole('button', { name: '新增角色' }))
    const form = await screen.findByRole('dialog', H)
    await user.type(within(form).getByRole('textbox', { ...H, name: '角色编码' }), 'ops')
    await user.type(within(form).getByRole('textbox', { ...H, name: '角色名称' }), '运维')
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    expect(await within(form).findByText('提交的数据不符合要求')).toBeTruthy()
    expect(within(form).getByText('角色名称须为 1-20 位英文或中文')).toBeTruthy()
    expect((within(form).getByRole('textbox', { ...H, name: '角色编码' }) as HTMLInputElement).value).toBe('ops')
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    expect(await within(form).findByText('角色编码已存在')).toBeTruthy()
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    await waitFor(() => expect(screen.queryByRole('dialog', H)).toBeNull())
    expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.role.create').at(-1)?.input).toEqual({ roleCode: 'ops', roleName: '运维', roleType: '', status: '1' })
    await waitFor(() => expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.role.query')).toHaveLength(2))
  })
})
