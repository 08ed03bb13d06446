// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DATASOURCE_PERMISSION, type DataSource } from '../../../../shared/contract/datahub/dataSources'
import { onSignal, type ToastSignal } from '../../../api/signals'
import { sessionStore } from '../../../state/session'
import { makeApplication } from '../../../test/datahub'
import { adminUser } from '../../../test/fixtures'
import { findQuestion, questionGone } from '../../../test/dialogs'
import { fail, installFakeBridge, ok, type FakeHubHandler } from '../../../test/fakeBridge'
import { renderRegistryPage } from '../../../test/render'
import { resetState } from '../../../test/resetState'

const offs: (() => void)[] = []
afterEach(() => {
  offs.splice(0).forEach((off) => off())
  resetState()
})

const source = (name: string, extra: Partial<DataSource> = {}): DataSource => ({
  id: `id-${name}`,
  version: 3,
  createdAt: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-01-02T08:00:00.000Z',
  name,
  sourceType: '1',
  dbType: 'postgresql',
  applicationCode: 'erp',
  applicationName: '',
  host: '127.0.0.1',
  port: '5432',
  databaseName: 'erp',
  username: 'postgres',
  password: '',
  passwordSet: true,
  privateKey: '',
  privateKeySet: false,
  hostKey: '',
  timeout: 10,
  batchCount: '',
  timestampField: '',
  tableName: '',
  primaryKey: '',
  remark: '',
  status: '0',
  ...extra,
})

/** Dialog content whatever tabster's modalizer decided under jsdom (see ResourceListPage.test.tsx). */
const H = { hidden: true } as const
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

function setUp(hub: Record<string, FakeHubHandler> = {}) {
  sessionStore.set({ status: 'signedIn', permissions: [DATASOURCE_PERMISSION] })
  const toasts: ToastSignal[] = []
  offs.push(onSignal('toast', (t) => toasts.push(t)))
  const bridge = installFakeBridge({ hub: { 'datahub.datasource.list': ok({ content: [source('erp-db'), source('crm-db', { status: '1' })], totalElements: 2 }), ...hub } })
  return { bridge, toasts }
}

async function openTable() {
  const table = await screen.findByRole('table', { name: '数据源列表' })
  await waitFor(() => expect(rowsOf(table)).toHaveLength(2))
  return table
}

describe('data-source list page', () => {
  it('lists sources with their type and kind labels, and searches by name and type', async () => {
    const { bridge } = setUp()
    const user = userEvent.setup()
    renderRegistryPage('datahub', 'DataSourceList')
    const table = await openTable()
    expect(within(rowsOf(table)[0]!).getAllByRole('cell').map((c) => c.textContent).slice(0, 3)).toEqual(['erp-db', '数据库', 'PostgreSQL'])
    await user.type(screen.getByRole('textbox', { name: '数据源名称' }), 'erp')
    await user.selectOptions(screen.getByRole('combobox', { name: '类型' }), '消息队列')
    await user.click(screen.getByRole('button', { name: '查询' }))
    await waitFor(() => expect(bridge.hubCalls().at(-1)).toEqual({ endpoint: 'datahub.datasource.list', input: { name: 'erp', sourceType: '4', pageNum: 1, pageSize: 20 } }))
  })

  it('tests a connection and shows the hub message, success or failure', async () => {
    let attempts = 0
    const { bridge, toasts } = setUp({
      'datahub.datasource.test': () => {
        attempts += 1
        return attempts === 1 ? ok({ elapsedMs: 12, serverVersion: '16.2' }, { message: '连接成功' }) : fail('4090', '数据源连接失败：password authentication failed')
      },
    })
    const user = userEvent.setup()
    renderRegistryPage('datahub', 'DataSourceList')
    const table = await openTable()
    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: '测试连接' }))
    await waitFor(() => expect(toasts).toEqual([{ intent: 'success', message: '数据源 erp-db：连接成功（12 毫秒）' }]))
    expect(bridge.hubCalls().find((c) => c.endpoint === 'datahub.datasource.test')?.input).toEqual({ id: 'id-erp-db' })
    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: '测试连接' }))
    await waitFor(() => expect(toasts.at(-1)).toEqual({ intent: 'error', message: '数据源 erp-db：数据源连接失败：password authentication failed' }))
    // Quiet call: the page's own toast is the only one.
    expect(toasts).toHaveLength(2)
  })

  it('creates a PostgreSQL source enabled unless told otherwise (issue 33), the type following the kind; SQLite asks only for a file', async () => {
    const { bridge } = setUp({ 'datahub.datasource.create': (input) => ok(source('new', input as Partial<DataSource>)), 'platform.application.listAll': ok([makeApplication('erp', '0', 'ERP 系统')]) })
    const user = userEvent.setup()
    renderRegistryPage('datahub', 'DataSourceList')
    await openTable()
    await user.click(screen.getByRole('button', { name: '新增数据源' }))
    const form = await screen.findByRole('dialog', H)
    await user.selectOptions(within(form).getByRole('combobox', { ...H, name: '数据库类型' }), 'SQLite')
    expect(within(form).queryByRole('textbox', { ...H, name: '服务器' })).toBeNull()
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    expect(await within(form).findByText('请输入数据源名称')).toBeTruthy()
    await user.type(within(form).getByRole('textbox', { ...H, name: '数据源名称' }), 'pg')
    // The application is picked from the enabled ones; its name comes with it.
    await within(form).findByRole('option', { ...H, name: 'ERP 系统 (erp)' })
    await user.selectOptions(within(form).getByRole('combobox', { ...H, name: '应用编码' }), 'erp')
    // The rules across fields run once every field is right on its own.
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    expect(await within(form).findByText('请输入 SQLite 数据库文件路径')).toBeTruthy()
    await user.selectOptions(within(form).getByRole('combobox', { ...H, name: '数据库类型' }), 'PostgreSQL')
    await user.type(within(form).getByRole('textbox', { ...H, name: '服务器' }), '127.0.0.1')
    await user.type(within(form).getByRole('textbox', { ...H, name: '数据库' }), 'postgres')
    await user.type(within(form).getByRole('textbox', { ...H, name: '用户名' }), 'postgres')
    // The status is in the dialog, enabled: what producers and consumers are offered.
    expect(within(form).getByRole('radio', { ...H, name: '已启用' })).toHaveProperty('checked', true)
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    await waitFor(() => expect(screen.queryByRole('dialog', H)).toBeNull())
    expect(bridge.hubCalls().find((c) => c.endpoint === 'datahub.datasource.create')?.input).toMatchObject({
      name: 'pg',
      sourceType: '1',
      dbType: 'postgresql',
      applicationCode: 'erp',
      applicationName: 'ERP 系统',
      host: '127.0.0.1',
      port: '',
      databaseName: 'postgres',
      username: 'postgres',
      password: '',
      timeout: 10,
      status: '1',
    })
  })

  it('edits with an empty password kept, sending id and version; a refused edit keeps the form with the hub message', async () => {
    let attempts = 0
    const { bridge } = setUp({
      'datahub.datasource.update': (input) => {
        attempts += 1
        return attempts === 1 ? fail('4090', '数据源已启用，不允许编辑，请先停用') : ok(source('erp-db', input as Partial<DataSource>))
      },
    })
    const user = userEvent.setup()
    renderRegistryPage('datahub', 'DataSourceList')
    const table = await openTable()
    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: '编辑' }))
    const form = await screen.findByRole('dialog', H)
    expect(within(form).getByText('留空则保留已保存的密码')).toBeTruthy()
    await user.clear(within(form).getByRole('textbox', { ...H, name: '服务器' }))
    await user.type(within(form).getByRole('textbox', { ...H, name: '服务器' }), 'db.local')
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    expect(await within(form).findByText('数据源已启用，不允许编辑，请先停用')).toBeTruthy()
    await user.click(within(form).getByRole('button', { ...H, name: '保存' }))
    await waitFor(() => expect(screen.queryByRole('dialog', H)).toBeNull())
    const sent = bridge.hubCalls().filter((c) => c.endpoint === 'datahub.datasource.update').at(-1)?.input as Record<string, unknown>
    expect(sent).toMatchObject({ id: 'id-erp-db', version: 3, host: 'db.local', password: '' })
    expect(sent).not.toHaveProperty('status')
  })

  it('enables a source with the switch after confirmation, sending its version', async () => {
    const { bridge } = setUp({ 'datahub.datasource.status': ok(source('erp-db', { status: '1', version: 4 })) })
    const user = userEvent.setup()
    renderRegistryPage('datahub', 'DataSourceList')
    const table = await openTable()
    await user.click(within(rowsOf(table)[0]!).getByRole('switch'))
    await user.click(await screen.findByRole('button', { ...H, name: '确定' }))
    await waitFor(() => expect(bridge.hubCalls().find((c) => c.endpoint === 'datahub.datasource.status')?.input).toEqual({ id: 'id-erp-db', version: 3, status: '1' }))
  })
})

describe('data-source list: "submit audit" before a switch or a delete (issue 19)', () => {
  // A fresh user object: a new sign-in, so the console asks the hub again whether approval is needed.
  const signedIn = () => sessionStore.set({ status: 'signedIn', user: { ...adminUser }, permissions: [DATASOURCE_PERMISSION] })
  const calls = (bridge: ReturnType<typeof installFakeBridge>, endpoint: string) => bridge.hubCalls().filter((c) => c.endpoint === endpoint)
  const SUBMITTED = '“erp-db”的变更已提交审批，审批通过后生效'
  const switchOf = (row: HTMLElement) => within(row).getByRole('switch') as HTMLInputElement

  it('asks once when the role requires approval: cancel sends nothing; submit sends once, says so, keeps the switch and marks the row', async () => {
    let submitted = false
    const { bridge, toasts } = setUp({
      'platform.process.roleApproval.mine': ok({ required: true }),
      'datahub.datasource.status': () => {
        submitted = true
        return fail('2020', SUBMITTED)
      },
      'platform.workbench.changingObjects': () => ok(submitted ? [{ objectType: 'datasource', objectId: 'id-erp-db', subjectId: 's1', submitterName: '系统管理员' }] : []),
    })
    signedIn()
    const user = userEvent.setup()
    renderRegistryPage('datahub', 'DataSourceList')
    const table = await openTable()
    expect(switchOf(rowsOf(table)[0]!).checked).toBe(false)

    await user.click(switchOf(rowsOf(table)[0]!))
    const ask = await findQuestion('提交审批')
    expect(within(ask).getByText('确定启用吗？该操作需要审批，提交后进入审批流程，审批通过后才生效。')).toBeTruthy()
    await user.click(within(ask).getByRole('button', { ...H, name: '取消' }))
    await questionGone()
    expect(calls(bridge, 'datahub.datasource.status')).toEqual([])
    expect(switchOf(rowsOf(table)[0]!).checked).toBe(false)

    await user.click(switchOf(rowsOf(table)[0]!))
    await user.click(within(await findQuestion('提交审批')).getByRole('button', { ...H, name: '提交' }))
    await waitFor(() => expect(toasts).toContainEqual({ intent: 'info', message: SUBMITTED }))
    expect(toasts.some((t) => t.intent === 'error')).toBe(false)
    expect(calls(bridge, 'datahub.datasource.status')).toHaveLength(1)
    // Not applied yet: the switch shows the source as it is, and the row says a change is under review.
    expect(switchOf(rowsOf(table)[0]!).checked).toBe(false)
    expect(await within(rowsOf(table)[0]!).findByTestId('changing-mark', {}, { timeout: 4000 })).toBeTruthy()
    expect(within(rowsOf(table)[1]!).queryByTestId('changing-mark')).toBeNull()
  })

  it('a delete asks one question saying it goes to review; submitted, the row stays', async () => {
    const { bridge, toasts } = setUp({ 'platform.process.roleApproval.mine': ok({ required: true }), 'datahub.datasource.delete': fail('2020', SUBMITTED) })
    signedIn()
    const user = userEvent.setup()
    renderRegistryPage('datahub', 'DataSourceList')
    const table = await openTable()
    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: '删除' }))
    const ask = await findQuestion('提交审批')
    expect(within(ask).getByText('确定删除该数据吗？该操作需要审批，提交后进入审批流程，审批通过后才生效。')).toBeTruthy()
    await user.click(within(ask).getByRole('button', { ...H, name: '提交' }))
    await waitFor(() => expect(toasts).toContainEqual({ intent: 'info', message: SUBMITTED }))
    await questionGone()
    expect(calls(bridge, 'datahub.datasource.delete')).toEqual([{ endpoint: 'datahub.datasource.delete', input: { id: 'id-erp-db', version: 3 } }])
    expect(rowsOf(table)).toHaveLength(2)
    expect(calls(bridge, 'platform.process.roleApproval.mine')).toHaveLength(1)
  })

  it('a user whose roles need no approval gets the usual delete question only', async () => {
    const { bridge } = setUp({ 'platform.process.roleApproval.mine': ok({ required: false }), 'datahub.datasource.delete': ok(null) })
    signedIn()
    const user = userEvent.setup()
    renderRegistryPage('datahub', 'DataSourceList')
    const table = await openTable()
    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: '删除' }))
    const ask = await findQuestion('删除数据源')
    expect(within(ask).getByText('确定删除该数据吗？')).toBeTruthy()
    await user.click(within(ask).getByRole('button', { ...H, name: '确定' }))
    await waitFor(() => expect(calls(bridge, 'datahub.datasource.delete')).toHaveLength(1))
    await questionGone()
    expect(calls(bridge, 'datahub.datasource.list').length).toBeGreaterThanOrEqual(2)
  })
})
