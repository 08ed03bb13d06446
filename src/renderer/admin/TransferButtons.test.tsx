// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fail, installFakeBridge, ok } from '../test/fakeBridge'
import { renderWithProviders } from '../test/render'
import { resetState } from '../test/resetState'
import { HubToasts } from '../components/HubToasts'
import { importProblems, TransferButtons } from './TransferButtons'

afterEach(resetState)

describe('Excel import and export buttons', () => {
  it('imports through the main process; a refused file lists its problems by row and column; the list reloads after a good one', async () => {
    let answer = fail('4001', '有 2 处问题，未导入任何数据', {
      fields: [
        { path: '3.roleCode', key: 'msg_role_code_rule', message: '角色编码须为 1-20 位英文字母' },
        { path: '5.roleName', key: 'msg_role_name_required', message: '请输入角色名称' },
      ],
    })
    const bridge = installFakeBridge({ channels: { 'admin.importExcel': () => answer } })
    const onImported = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(
      <>
        <HubToasts />
        <TransferButtons kind="role" canImport onImported={onImported} />
      </>,
    )
    await user.click(screen.getByRole('button', { name: '导入角色' }))
    const table = await screen.findByRole('table', { name: '导入未完成', hidden: true })
    const rows = within(table).getAllByRole('row', { hidden: true }).slice(1).map((r) => r.textContent)
    expect(rows).toEqual(['3角色编码角色编码须为 1-20 位英文字母', '5角色名称请输入角色名称'])
    expect(onImported).not.toHaveBeenCalled()
    expect(bridge.calls.filter((c) => c.channel === 'admin.importExcel').map((c) => c.payload)).toEqual([{ kind: 'role' }])

    await user.click(screen.getByRole('button', { name: '关闭', hidden: true }))
    answer = ok({ imported: 2 })
    await user.click(await screen.findByRole('button', { name: '导入角色' }))
    expect(await screen.findByText('已导入 2 条')).toBeTruthy()
    expect(onImported).toHaveBeenCalledTimes(1)
  })

  it('hides Import without the create permission and exports through the save dialog; a cancelled dialog says nothing', async () => {
    let answer = fail('5040', '')
    const bridge = installFakeBridge({ channels: { 'admin.exportExcel': () => answer } })
    const user = userEvent.setup()
    renderWithProviders(
      <>
        <HubToasts />
        <TransferButtons kind="user" canImport={false} onImported={() => {}} />
      </>,
    )
    expect(screen.queryByRole('button', { name: '导入用户' })).toBeNull()
    await user.click(screen.getByRole('button', { name: '导出用户' }))
    answer = ok({ path: '/tmp/用户.xlsx' }, { message: '已导出：/tmp/用户.xlsx' })
    await user.click(screen.getByRole('button', { name: '导出用户' }))
    expect(await screen.findByText('已导出：/tmp/用户.xlsx')).toBeTruthy()
    expect(bridge.calls.filter((c) => c.channel === 'admin.exportExcel')).toHaveLength(2)
  })

  it('reads problems only from 4001 field paths of the form row.column', () => {
    expect(importProblems({ fields: [{ path: '12.orgCodes', message: 'x' }, { path: 'file', message: 'y' }] })).toEqual([{ row: 12, column: 'orgCodes', message: 'x' }])
    expect(importProblems(null)).toEqual([])
  })
})
