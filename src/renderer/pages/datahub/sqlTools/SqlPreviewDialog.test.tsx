// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SqlPreview } from '../../../../shared/contract/datahub/sqlTools'
import type { HubResult } from '../../../../shared/envelope'
import { fail, installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { ColumnsFromTableButton } from './ColumnsFromTableButton'
import { SqlPreviewDialog } from './SqlPreviewDialog'
import { settle } from '../../../test/settle'

const ENDPOINT = 'datahub.producer.previewSqlData'

const ORDERS: SqlPreview = {
  columns: [{ name: 'id', type: 'integer' }, { name: 'customer', type: 'varchar(40)' }],
  rows: Array.from({ length: 10 }, (_, i) => [String(i + 1), i === 1 ? null : `c${i + 1}`]),
  truncated: true,
}

// jsdom lays nothing out: give the grid's scroller a size so the virtualiser renders rows.
const sizes = { clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'), clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth') }
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 360 })
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 })
})
afterAll(() => {
  if (sizes.clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', sizes.clientHeight)
  if (sizes.clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', sizes.clientWidth)
})
afterEach(async () => {
  await resetState()
})

const show = (props: Partial<Parameters<typeof SqlPreviewDialog>[0]> = {}) =>
  renderWithProviders(<SqlPreviewDialog open onClose={() => {}} dataSourceName="erp_db" querySql="select id, customer from orders" {...props} />)
const rowsField = () => screen.getByRole('textbox', { name: '预览行数' })

describe('SQL preview dialog', () => {
  it('runs the query with 10 rows by default and shows columns with their types, and the rows', async () => {
    const bridge = installFakeBridge({ hub: { [ENDPOINT]: ok(ORDERS) } })
    const user = userEvent.setup()
    show({ producerId: 'p1' })
    expect((rowsField() as HTMLInputElement).value).toBe('10')
    await user.click(screen.getByRole('button', { name: '执行' }))
    const grid = await screen.findByRole('table', { name: '查询结果' })
    expect(bridge.hubCalls()).toEqual([{ endpoint: ENDPOINT, input: { datasourceName: 'erp_db', querySql: 'select id, customer from orders', dataNum: 10, producerId: 'p1' } }])
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['idinteger', 'customervarchar(40)'])
    const first = within(grid).getAllByRole('row')[1]!
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'c1'])
    expect(within(grid).getByText('NULL')).toBeTruthy()
    expect(screen.getByText('仅显示前 10 行，还有更多数据')).toBeTruthy()
  })

  it('refuses a row count outside 1–10000 without asking the hub', async () => {
    const bridge = installFakeBridge({ hub: { [ENDPOINT]: ok(ORDERS) } })
    const user = userEvent.setup()
    show()
    for (const wrong of ['0', '10001', '2.5', 'ten']) {
      await user.clear(rowsField())
      await user.type(rowsField(), wrong)
      await user.click(screen.getByRole('button', { name: '执行' }))
      expect(await screen.findByText('请输入1-10000之间的整数')).toBeTruthy()
    }
    expect(bridge.hubCalls()).toEqual([])
    await user.clear(rowsField())
    await user.type(rowsField(), '10000')
    await user.click(screen.getByRole('button', { name: '执行' }))
    await waitFor(() => expect(bridge.hubCalls()).toHaveLength(1))
    expect((bridge.hubCalls()[0]!.input as { dataNum: number }).dataNum).toBe(10000)
    await waitFor(() => expect(screen.queryByText('请输入1-10000之间的整数')).toBeNull())
  })

  it('needs a data source', async () => {
    const bridge = installFakeBridge({ hub: { [ENDPOINT]: ok(ORDERS) } })
    const user = userEvent.setup()
    show({ dataSourceName: '' })
    await user.click(screen.getByRole('button', { name: '执行' }))
    expect(await screen.findByText('请先选择数据源')).toBeTruthy()
    expect(bridge.hubCalls()).toEqual([])
  })

  it('shows the hub\'s message when the query is refused', async () => {
    installFakeBridge({ hub: { [ENDPOINT]: fail('4090', '只允许执行查询语句（SELECT）') } })
    const user = userEvent.setup()
    show({ querySql: 'delete from orders' })
    await user.click(screen.getByRole('button', { name: '执行' }))
    expect((await screen.findByRole('alert')).textContent).toBe('只允许执行查询语句（SELECT）')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('can cancel a long run, and ignores its late answer', async () => {
    let answer: (r: HubResult<unknown>) => void = () => {}
    installFakeBridge({ hub: { [ENDPOINT]: () => new Promise<HubResult<unknown>>((r) => (answer = r)) } })
    const user = userEvent.setup()
    show()
    await user.click(screen.getByRole('button', { name: '执行' }))
    expect(await screen.findByText('正在查询…')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '取消' }))
    expect(screen.getByRole('button', { name: '执行' })).toBeTruthy()
    answer(ok(ORDERS))
    await settle()
    expect(screen.queryByRole('table')).toBeNull()
  })
})

describe('columns from table button', () => {
  it('hands over the table\'s columns, and asks nothing without a table', async () => {
    const columns = [{ columnName: 'id', dataTypeName: 'integer', desc: '', primaryKeyStatus: '1', synchStatus: '1' }]
    const bridge = installFakeBridge({ hub: { 'datahub.producer.getColumnsByDataSourceNameAndTableName': ok(columns) } })
    const user = userEvent.setup()
    const got: unknown[] = []
    const first = renderWithProviders(<ColumnsFromTableButton dataSourceName="erp_db" tableName="" onColumns={(c) => got.push(c)} />)
    await user.click(screen.getByRole('button', { name: '读取表字段' }))
    expect(bridge.hubCalls()).toEqual([])
    first.unmount()
    renderWithProviders(<ColumnsFromTableButton dataSourceName="erp_db" tableName=" orders " onColumns={(c) => got.push(c)} />)
    await user.click(screen.getByRole('button', { name: '读取表字段' }))
    await waitFor(() => expect(got).toEqual([columns]))
    expect(bridge.hubCalls()[0]?.input).toEqual({ dataSourceName: 'erp_db', tableName: 'orders' })
  })
})
