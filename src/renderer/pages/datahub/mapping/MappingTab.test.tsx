// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { IpcChannel } from '../../../../shared/ipc'
import { onSignal } from '../../../api/signals'
import { i18n } from '../../../i18n'
import { ViewOnlyContext } from '../../../components/viewOnly'
import { makeTopicDetail, stubViewport } from '../../../test/datahub'
import { fail, installFakeBridge, ok, type FakeBridgeOptions } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { MappingTab } from './MappingTab'
import { useMappingTable, type MappingCollect } from './useMappingTable'
import { settle } from '../../../test/settle'

let restoreViewport: () => void
beforeEach(() => {
  restoreViewport = stubViewport(800)
})
afterEach(async () => {
  restoreViewport()
  await resetState()
})

let collected: MappingCollect | null = null
function Harness({ text = '', viewOnly = false }: { text?: string; viewOnly?: boolean }) {
  const table = useMappingTable(text)
  return (
    <ViewOnlyContext.Provider value={viewOnly}>
      <MappingTab table={table} topicId="t1" topicCode="orders" consumerId="c1" />
      <button type="button" onClick={() => (collected = table.collect())}>
        collect
      </button>
    </ViewOnlyContext.Provider>
  )
}

const rowsText = (pairs: [string, string][]) => JSON.stringify(pairs.map(([sourceFieldName, targetFieldName]) => ({ sourceFieldName, targetFieldName })))
const producerMode = (productionMode: string, columns: string[] = []): FakeBridgeOptions['hub'] => ({
  'datahub.topic.detail': ok({
    ...makeTopicDetail(),
    dhProducer: { productionMode, dbLinkRequestInfoModel: { columnModelList: columns.map((columnName) => ({ columnName, synchStatus: '0' })) } },
  }),
})
/** The 'fieldMapping.*' channels are served by the main process; here by stand-ins. */
const channels = (answers: Record<string, (payload: unknown) => unknown>) => ({ channels: answers as Partial<Record<IpcChannel, (payload: unknown) => unknown>> })

const cell = (row: number, column: '源字段' | '目标字段') => screen.getByRole('textbox', { name: `第 ${row} 行 ${column}` }) as HTMLInputElement
// Hidden included: after a modal closes under jsdom, tabster may leave the page marked aria-hidden (see openDialog).
const table = () => screen.getByRole('table', { hidden: true, name: '字段映射表' })
const dataRows = () => within(table()).getAllByRole('row', { hidden: true }).slice(1)
const tableContent = () => dataRows().map((r) => within(r).getAllByRole('textbox', { hidden: true }).map((i) => (i as HTMLInputElement).value))
/**
 * The dialogs' content, whatever tabster's modalizer decided: under jsdom it sometimes marks an open
 * modal aria-hidden (its focus tracking does not run there; NodeFilter is missing). Chromium is
 * covered by the end-to-end spec.
 */
const openDialog = async () => screen.findByRole('dialog', { hidden: true })
const H = { hidden: true } as const
const collect = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'collect' }))
  return collected!
}

describe('field mapping table', () => {
  it('adds rows, trims on blur, requires both names and emits the table as JSON text', async () => {
    installFakeBridge({ hub: producerMode('http') })
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    expect(screen.getByText(/暂无字段映射/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '新增行' }))
    await user.type(cell(1, '源字段'), '  user_name ')
    await user.tab()
    expect(cell(1, '源字段').value).toBe('user_name')
    // Leaving the target empty: the message shows once the cell was left.
    await user.click(cell(1, '目标字段'))
    await user.tab()
    expect(within(dataRows()[0]!).getByText('必填字段')).toBeTruthy()
    expect(await collect()).toEqual({ ok: false, row: 0 })
    await user.type(cell(1, '目标字段'), 'userName')
    expect(await collect()).toEqual({ ok: true, text: rowsText([['user_name', 'userName']]) })
  })

  it('moves rows up and down (disabled at the ends), deletes one and clears all', async () => {
    installFakeBridge({ hub: producerMode('http') })
    const user = userEvent.setup()
    renderWithProviders(<Harness text={rowsText([['a', 'A'], ['b', 'B'], ['c', 'C']])} />)
    expect((screen.getByRole('button', { name: '上移第 1 行' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: '下移第 3 行' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: '下移第 1 行' }) as HTMLButtonElement).disabled).toBe(false)
    await user.click(screen.getByRole('button', { name: '下移第 1 行' }))
    expect(tableContent()).toEqual([['b', 'B'], ['a', 'A'], ['c', 'C']])
    await user.click(screen.getByRole('button', { name: '上移第 3 行' }))
    expect(tableContent()).toEqual([['b', 'B'], ['c', 'C'], ['a', 'A']])
    await user.click(screen.getByRole('button', { name: '删除第 2 行' }))
    expect(tableContent()).toEqual([['b', 'B'], ['a', 'A']])
    await user.click(screen.getByRole('button', { name: '清空' }))
    await user.click(await screen.findByRole('button', { ...H, name: '确定' }))
    await waitFor(() => expect(screen.getByText(/暂无字段映射/)).toBeTruthy())
    expect(await collect()).toEqual({ ok: true, text: '[]' })
  })

  it('merges Excel rows from the main process by the merge rule; a cancelled dialog says nothing', async () => {
    let answer: unknown = ok({ rows: [{ sourceFieldName: ' a ', targetFieldName: 'A' }, { sourceFieldName: 'b', targetFieldName: 'B' }, { sourceFieldName: '', targetFieldName: 'X' }] }, { message: '上传成功' })
    const bridge = installFakeBridge({ hub: producerMode('http'), ...channels({ 'fieldMapping.chooseExcel': () => answer }) })
    const user = userEvent.setup()
    renderWithProviders(<Harness text={rowsText([['a', 'A']])} />)
    await user.click(screen.getByRole('button', { name: '上传 Excel' }))
    // The rows wait in the import preview until imported.
    const dialog = await openDialog()
    expect(tableContent()).toEqual([['a', 'A']])
    await user.click(within(dialog).getByRole('button', { ...H, name: '导入' }))
    await waitFor(() => expect(tableContent()).toEqual([['a', 'A'], ['b', 'B']]))
    answer = fail('5040', '')
    await user.click(screen.getByRole('button', { name: '上传 Excel' }))
    await waitFor(() => expect(bridge.calls.filter((c) => c.channel === ('fieldMapping.chooseExcel' as IpcChannel))).toHaveLength(2))
    expect(tableContent()).toEqual([['a', 'A'], ['b', 'B']])
  })

  it('the Excel import preview lists the rows and a line for each skipped row with its reason, in both languages; Back imports nothing', async () => {
    const answer = ok({
      rows: [{ sourceFieldName: 'user_id', targetFieldName: 'USER_ID' }],
      skipped: [
        { row: 1, sourceFieldName: 'Source Field', targetFieldName: 'Target Field', reason: 'header' },
        { row: 3, sourceFieldName: 'user_id', targetFieldName: 'USER_ID', reason: 'duplicate' },
        { row: 4, sourceFieldName: '', targetFieldName: 'ORPHAN', reason: 'incomplete' },
      ],
      skippedTotal: 5,
    })
    installFakeBridge({ hub: producerMode('http'), ...channels({ 'fieldMapping.chooseExcel': () => answer }) })
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: '上传 Excel' }))
    const dialog = await openDialog()
    const lines = (name: string) => within(within(dialog).getByRole('list', { ...H, name })).getAllByRole('listitem', H).map((li) => li.textContent)
    expect(lines('待导入的行')).toEqual(['user_id --> USER_ID'])
    expect(within(dialog).getByText('已跳过 5 行：')).toBeTruthy()
    expect(lines('已跳过的行')).toEqual([
      '第 1 行：“Source Field” → “Target Field” — 表头行，不是映射',
      '第 3 行：“user_id” → “USER_ID” — 与前面某行的字段对重复',
      '第 4 行：“” → “ORPHAN” — 源字段或目标字段为空',
      '……另有 2 行被跳过。',
    ])
    await act(async () => {
      await i18n.changeLanguage('en')
    })
    expect(lines('Rows skipped')[0]).toBe('Row 1: “Source Field” → “Target Field” — a header row, not a mapping')
    await user.click(within(dialog).getByRole('button', { ...H, name: 'Back' }))
    await waitFor(() => expect(screen.queryByRole('dialog', H)).toBeNull())
    expect(screen.getByText(/No field mappings yet/)).toBeTruthy()
  })

  it('a dropped workbook is uploaded by name and bytes; other files are refused without an upload', async () => {
    const uploads: { name: string; bytes: Uint8Array }[] = []
    installFakeBridge({
      hub: producerMode('http'),
      ...channels({
        'fieldMapping.uploadExcelBytes': (p) => {
          uploads.push(p as { name: string; bytes: Uint8Array })
          return ok({ rows: [{ sourceFieldName: 'x', targetFieldName: 'X' }] })
        },
      }),
    })
    const toasts: string[] = []
    const off = onSignal('toast', (t) => toasts.push(t.message))
    renderWithProviders(<Harness />)
    fireEvent.drop(table(), { dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })], types: ['Files'] } })
    await waitFor(() => expect(toasts).toContain('只能上传 .xls 或 .xlsx 文件。'))
    expect(uploads).toEqual([])
    fireEvent.drop(table(), { dataTransfer: { files: [new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'map.xlsx')], types: ['Files'] } })
    fireEvent.click(within(await openDialog()).getByRole('button', { ...H, name: '导入' }))
    await waitFor(() => expect(tableContent()).toEqual([['x', 'X']]))
    expect(uploads[0]!.name).toBe('map.xlsx')
    expect([...uploads[0]!.bytes]).toEqual([0x50, 0x4b, 3, 4])
    off()
  })

  it('download template: the main process saves it and says where; a cancelled save dialog says nothing', async () => {
    let answer: unknown = ok({ path: '/home/u/字段映射模板.xlsx' }, { message: '模板已保存：/home/u/字段映射模板.xlsx' })
    installFakeBridge({ hub: producerMode('http'), ...channels({ 'fieldMapping.saveTemplate': () => answer }) })
    const toasts: string[] = []
    const off = onSignal('toast', (t) => toasts.push(t.message))
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: '下载模板' }))
    await waitFor(() => expect(toasts).toEqual(['模板已保存：/home/u/字段映射模板.xlsx']))
    answer = fail('5040', '')
    await user.click(screen.getByRole('button', { name: '下载模板' }))
    await settle()
    expect(toasts).toHaveLength(1)
    off()
  })

  it('get all fields pairs each target field with itself and skips pairs already there', async () => {
    const bridge = installFakeBridge({
      hub: { ...producerMode('http'), 'datahub.topic.getSourceAndTargetFields': ok(rowsText([['id', 'id'], ['name', 'name']])) },
    })
    const user = userEvent.setup()
    renderWithProviders(<Harness text={rowsText([['id', 'id']])} />)
    await user.click(screen.getByRole('button', { name: '从数据库获取全部字段' }))
    await waitFor(() => expect(tableContent()).toEqual([['id', 'id'], ['name', 'name']]))
    expect(bridge.hubCalls().find((c) => c.endpoint === 'datahub.topic.getSourceAndTargetFields')?.input).toEqual({ topicCode: 'orders', consumerId: 'c1' })
  })

  it('JSON parse: invalid JSON says so; keys become sources, values targets when ticked; Save merges', async () => {
    installFakeBridge({ hub: producerMode('http') })
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: '从 JSON 解析字段' }))
    const dialog = await openDialog()
    const editor = within(dialog).getByRole('textbox', H)
    fireEvent.change(editor, { target: { value: '{"a": 1' } })
    await user.click(within(dialog).getByRole('button', { ...H, name: '解析' }))
    expect(within(dialog).getByText('JSON内容解析失败')).toBeTruthy()
    // Nothing resolved: Save does nothing.
    expect((within(dialog).getByRole('button', { ...H, name: '保存' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(editor, { target: { value: '{"userName": "user_name", "age": 3, "tags": []}' } })
    await user.click(within(dialog).getByRole('button', { ...H, name: '解析' }))
    expect(within(dialog).getByText('userName --> userName')).toBeTruthy()
    await user.click(within(dialog).getByRole('checkbox', { ...H, name: '使用属性值作为目标字段' }))
    await user.click(within(dialog).getByRole('button', { ...H, name: '解析' }))
    expect(within(dialog).getByText('userName --> user_name')).toBeTruthy()
    expect(within(dialog).getByText('age --> 3')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { ...H, name: '保存' }))
    await waitFor(() => expect(screen.queryByRole('dialog', H)).toBeNull())
    expect(tableContent()).toEqual([['userName', 'user_name'], ['age', '3']])
  })

  it('smart mapping: only for a dblink producer; snake_case and camelCase pair up; Add, Delete, Save', async () => {
    installFakeBridge({
      hub: { ...producerMode('dblink', ['USER_NAME', 'created_at', 'id']), 'datahub.topic.getSourceAndTargetFields': ok(rowsText([['userName', 'userName'], ['createdAt', 'createdAt'], ['ID', 'ID']])) },
    })
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.click(await screen.findByRole('button', { name: '智能映射' }))
    const dialog = await openDialog()
    const sources = within(dialog).getByRole('group', { ...H, name: '源字段' })
    const targets = within(dialog).getByRole('group', { ...H, name: '目标字段' })
    const results = within(dialog).getByRole('group', { ...H, name: '映射结果' })
    await waitFor(() => expect(within(sources).getByRole('button', { ...H, name: 'USER_NAME' })).toBeTruthy())
    // Auto-select: the source picks its matching target.
    await user.click(within(sources).getByRole('button', { ...H, name: 'USER_NAME' }))
    expect(within(targets).getByRole('button', { ...H, name: 'userName' }).getAttribute('aria-pressed')).toBe('true')
    // Clicking again clears the highlight.
    await user.click(within(sources).getByRole('button', { ...H, name: 'USER_NAME' }))
    expect(within(sources).getByRole('button', { ...H, name: 'USER_NAME' }).getAttribute('aria-pressed')).toBe('false')
    await user.click(within(sources).getByRole('button', { ...H, name: 'USER_NAME' }))
    await user.click(within(dialog).getByRole('button', { ...H, name: '添加' }))
    // The reverse: a target picks its matching source.
    await user.click(within(targets).getByRole('button', { ...H, name: 'createdAt' }))
    expect(within(sources).getByRole('button', { ...H, name: 'created_at' }).getAttribute('aria-pressed')).toBe('true')
    await user.click(within(dialog).getByRole('button', { ...H, name: '添加' }))
    // Hide matched sources; Delete restores them.
    await user.click(within(dialog).getByRole('checkbox', { ...H, name: '隐藏已匹配的源字段' }))
    expect(within(sources).queryByRole('button', { ...H, name: 'created_at' })).toBeNull()
    await user.click(within(results).getByRole('button', { ...H, name: 'created_at --> createdAt' }))
    await user.click(within(dialog).getByRole('button', { ...H, name: '删除' }))
    expect(within(sources).getByRole('button', { ...H, name: 'created_at' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { ...H, name: '保存' }))
    await waitFor(() => expect(screen.queryByRole('dialog', H)).toBeNull())
    expect(tableContent()).toEqual([['USER_NAME', 'userName']])
  })

  it('offers no smart mapping when the producer does not read a database', async () => {
    const bridge = installFakeBridge({ hub: producerMode('http') })
    renderWithProviders(<Harness />)
    await waitFor(() => expect(bridge.hubCalls().some((c) => c.endpoint === 'datahub.topic.detail')).toBe(true))
    await act(async () => {})
    expect(screen.queryByRole('button', { name: '智能映射' })).toBeNull()
  })

  it('view mode disables every control', async () => {
    installFakeBridge({ hub: producerMode('dblink') })
    renderWithProviders(<Harness text={rowsText([['a', 'A'], ['b', 'B']])} viewOnly />)
    await screen.findByRole('button', { name: '智能映射' })
    for (const name of ['上传 Excel', '下载模板', '新增行', '清空', '从数据库获取全部字段', '智能映射', '从 JSON 解析字段', '删除第 1 行', '下移第 1 行']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true)
    }
    expect(cell(1, '源字段').disabled).toBe(true)
  })

  it('keeps the DOM bounded with 100k rows and scrolls to the far end', async () => {
    installFakeBridge({ hub: producerMode('http') })
    const text = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => ({ sourceFieldName: `s${i}`, targetFieldName: `t${i}` })))
    renderWithProviders(<Harness text={text} />)
    expect(screen.getByText('共 100,000 行')).toBeTruthy()
    expect(table().getAttribute('aria-rowcount')).toBe('100001')
    expect(dataRows().length).toBeLessThanOrEqual(30)
    const scroller = within(table()).getByRole('rowgroup')
    act(() => {
      scroller.scrollTop = 60 * 99_990
      fireEvent.scroll(scroller)
    })
    await waitFor(() => expect(screen.getByRole('textbox', { name: '第 100000 行 源字段' })).toBeTruthy())
    expect(dataRows().length).toBeLessThanOrEqual(30)
  })
  it('checks the unsaved mappings against the producer\'s sample rows (stand-in hub) and marks the columns that would be empty or fail', async () => {
    const simulated: { fieldMappings?: string; consumerId?: string; sample?: string; readTargetColumns?: boolean }[] = []
    const cellOf = (column: string, value: string | number | null, found: boolean, problem: string | null = null) => ({ column, source: column, value, kind: 'text', found, problem })
    const step = { status: 'ok', error: null, notes: [] }
    installFakeBridge({
      hub: {
        'datahub.topic.detail': ok({
          ...makeTopicDetail(),
          dhProducer: { id: 'p1', productionMode: 'dblink', dbLinkRequestInfoModel: { tableName: 'orders', columnModelList: [], querySql: '', batchGetData: '1' } },
        }),
        'datahub.producer.previewSqlData': ok({ columns: [{ name: 'id', type: 'int' }, { name: 'name', type: 'text' }], rows: [[1, 'Ann'], [2, 'Bo']], truncated: false }),
        'datahub.topic.simulate': (input) => {
          simulated.push(input as never)
          return ok({
            topicCode: 'orders',
            admission: step,
            check: { ...step, dataFormat: 'json', output: null },
            preProcess: { ...step, enabled: false, type: 'Java', expression: '', output: null },
            routing: { ...step, byKey: false, rows: [], keys: ['orders'], consumers: [] },
            consumers: [
              {
                consumerId: 'c1', applicationName: 'ERP', dataConsumeType: 'dblink', routingKey: 'orders', enabled: true, reached: true,
                postProcess: { ...step, enabled: false, type: 'Java', expression: '', output: null },
                delivery: {
                  ...step, http: null, webService: null,
                  dbLink: { dataSource: 'db', table: 't', compare: [], columnTypes: {}, unmatched: ['phase'], rows: [[cellOf('order_id', 1, true, 'varchar(1) holds at most 1 characters'), cellOf('stage', null, false)], [cellOf('order_id', 2, true), cellOf('stage', null, false)]] },
                },
              },
            ],
          })
        },
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<Harness text={rowsText([['id', 'order_id'], ['phase', 'stage']])} />)
    // An edit not saved yet is what the check runs.
    await user.clear(cell(2, '源字段'))
    await user.type(cell(2, '源字段'), 'phase')
    await user.click(await screen.findByRole('button', { name: '用样例行检查' }))
    expect(await screen.findByText('2 条样例行：1 个字段会为空，1 个字段会失败。', {}, { timeout: 10_000 })).toBeTruthy()
    expect(simulated).toEqual([
      { topicCode: 'orders', consumerId: 'c1', sample: JSON.stringify([{ id: 1, name: 'Ann' }, { id: 2, name: 'Bo' }]), fieldMappings: rowsText([['id', 'order_id'], ['phase', 'stage']]), readTargetColumns: true },
    ])
    expect(within(dataRows()[0]!).getByText(/无法容纳样例值：varchar\(1\)/)).toBeTruthy()
    expect(within(dataRows()[1]!).getByText('在所有样例行中都为空')).toBeTruthy()
  })
})
