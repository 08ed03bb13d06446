// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { VersionBacktrack } from '../../../../shared/contract/platform/versionBacktrack'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import VersionBacktrackListPage from './VersionBacktrackListPage'
import { VersionCompare } from './VersionCompare'
import { VersionHistory } from './VersionHistory'

afterEach(resetState)

const record = (version: number, content: object, remark = 'update'): VersionBacktrack => ({
  id: `v${version}`,
  typeCode: 'topic',
  typeId: 't1',
  content: JSON.stringify(content),
  remark,
  version,
  createdAt: `2024-05-0${version}T08:00:00.000Z`,
  createdBy: 'admin',
  approvedBy: null,
})
const v1 = record(1, { code: 'orders', name: '订单', status: '1', tags: '订单' }, 'create')
const v2 = record(2, { code: 'orders', name: '订单主题', status: '1', tags: '订单，库存' })
const v3 = { ...record(3, { code: 'orders', name: '订单主题', status: '0', tags: '订单，库存' }), createdBy: 'editor1', approvedBy: '审核员, 王经理' }

describe('version compare', () => {
  it('shows the older version left, highlights and labels exactly the changed fields', () => {
    renderWithProviders(<VersionCompare a={v2} b={v1} />)
    const table = screen.getByRole('table', { name: '版本比较' })
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers[1]).toContain('版本 1')
    expect(headers[2]).toContain('版本 2')
    const changed = Array.from(table.querySelectorAll('tr[data-changed]')).map((r) => r.querySelector('td')!.textContent)
    expect(changed).toEqual(['name 已修改', 'tags 已修改'])
    expect(within(table).getAllByText('已修改')).toHaveLength(2)
  })
})

describe('version history panel', () => {
  it('lists the versions of one record (page 1 of 10, newest first) and compares two picked ones', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.versionBacktrack.listAll': ok({ content: [v3, v2, v1], totalElements: 3 }) } })
    const user = userEvent.setup()
    renderWithProviders(<VersionHistory filter={{ typeCode: 'topic', typeId: 't1' }} />)
    await screen.findByRole('checkbox', { name: '选择版本 3 进行比较' })
    expect(bridge.hubCalls()[0]).toEqual({ endpoint: 'platform.versionBacktrack.listAll', input: { pageNum: 1, pageSize: 10, typeCode: 'topic', typeId: 't1' } })
    const rows = within(screen.getByRole('table', { name: '版本记录' })).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['3', '2', '1'])
    // An approved change: saved as its submitter, and who approved it beside.
    const byColumn = within(screen.getByRole('table', { name: '版本记录' }))
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === '审批人')
    expect(byColumn).toBeGreaterThan(0)
    expect(rows.map((r) => [within(r).getAllByRole('cell')[byColumn - 1]!.textContent, within(r).getAllByRole('cell')[byColumn]!.textContent])).toEqual([
      ['editor1', '审核员, 王经理'],
      ['admin', ''],
      ['admin', ''],
    ])
    expect((screen.getByRole('button', { name: '比较所选版本' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('checkbox', { name: '选择版本 3 进行比较' }))
    await user.click(screen.getByRole('checkbox', { name: '选择版本 2 进行比较' }))
    await user.click(screen.getByRole('button', { name: '比较所选版本' }))
    const table = await screen.findByRole('table', { name: '版本比较' })
    await waitFor(() => expect(Array.from(table.querySelectorAll('tr[data-changed]')).map((r) => r.querySelector('td')!.textContent)).toEqual(['status 已修改']))
    await user.click(screen.getByRole('switch', { name: '只显示有变化的字段' }))
    expect(within(table).getAllByRole('row')).toHaveLength(2)
  })
})

describe('version history page', () => {
  it('lists every record with its kind and name, and filters by kind', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.versionBacktrack.listAll': ok({ content: [v2], totalElements: 1 }) } })
    const user = userEvent.setup()
    renderWithProviders(<VersionBacktrackListPage />)
    const table = await screen.findByRole('table', { name: '版本记录' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('消息主题')
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('订单主题')
    await user.selectOptions(screen.getByLabelText('类型'), 'producer')
    await user.click(screen.getByRole('button', { name: '查询' }))
    await waitFor(() => expect(bridge.hubCalls().at(-1)).toEqual({ endpoint: 'platform.versionBacktrack.listAll', input: { pageNum: 1, pageSize: 10, typeCode: 'producer' } }))
    expect(bridge.hubCalls()[0]!.input).toEqual({ pageNum: 1, pageSize: 10 })
  })
})
