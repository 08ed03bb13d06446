// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { installFakeBridge, ok } from '../../test/fakeBridge'
import { makeEmployee } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { referenceStore } from '../../state/reference'
import { EmployeeChooser } from './EmployeeChooser'

afterEach(resetState)

const employee = (n: number) => makeEmployee({ id: `u${n}`, username: `user${n}`, nickName: `员工${n}`, orgNames: ['财务部', '审计部'], positionNames: ['会计'], roleNames: ['出纳'] })
const searches = (bridge: ReturnType<typeof installFakeBridge>) => bridge.hubCalls().filter((c) => c.endpoint === 'platform.user.findUserByOrgPositionAndRole')

function setUp() {
  return installFakeBridge({
    hub: {
      'platform.org.selectAsOrgTree': ok([{ id: 'o1', code: 'FIN', name: '财务部', status: '1', parentId: null, children: [] }]),
      'platform.orgPosition.getPositionByOrgCodes': ok([{ id: 'p1', code: 'ACC', name: '会计', status: '1', parentId: null, children: [] }]),
      'platform.role.query': ok({ content: [{ id: 'r1', roleCode: 'cashier', roleName: '出纳', roleType: '', isSys: '0', status: '1', updatedDate: '' }], totalElements: 1 }),
      'platform.user.findUserByOrgPositionAndRole': (input) => {
        const { pageNum } = input as { pageNum: number }
        return ok({ content: [employee(pageNum * 2 - 1), employee(pageNum * 2)], totalElements: 60 })
      },
    },
  })
}

describe('employee chooser', () => {
  it('starts at page 1 of 20, shows the names lists, and filters by organisation code, role and username', async () => {
    const bridge = setUp()
    const user = userEvent.setup()
    renderWithProviders(<EmployeeChooser onSave={() => {}} />)
    const table = await screen.findByRole('table', { name: '员工列表' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(searches(bridge)[0]!.input).toEqual({ pageNum: 1, pageSize: 20 })
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('财务部、审计部')
    await screen.findByRole('option', { name: '财务部' })
    await user.selectOptions(screen.getByLabelText('组织'), 'o1')
    await user.selectOptions(screen.getByLabelText('角色'), 'cashier')
    await user.type(screen.getByLabelText('用户名'), 'user')
    await user.click(screen.getByRole('button', { name: '查询' }))
    await waitFor(() => expect(searches(bridge).at(-1)!.input).toEqual({ pageNum: 1, pageSize: 20, username: 'user', orgCodes: ['FIN'], roleCodes: ['cashier'] }))
    await user.click(screen.getByRole('button', { name: '重置' }))
    await waitFor(() => expect(searches(bridge).at(-1)!.input).toEqual({ pageNum: 1, pageSize: 20 }))
    expect((screen.getByLabelText('角色') as HTMLSelectElement).value).toBe('')
  })

  it('asks before paging away from an unsaved selection: yes saves it, no does not; the page changes either way', async () => {
    const bridge = setUp()
    const onSave = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<EmployeeChooser onSave={onSave} />)
    await user.click(await screen.findByRole('checkbox', { name: 'user1' }))
    await user.click(screen.getByRole('button', { name: '第 2 页' }))
    expect(await screen.findByText('当前选中数据未保存，是否保存')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '确定', hidden: true }))
    expect(onSave).toHaveBeenCalledWith([expect.objectContaining({ id: 'u1' })])
    await screen.findByRole('checkbox', { name: 'user3' })
    expect(searches(bridge).at(-1)!.input).toMatchObject({ pageNum: 2 })

    await user.click(screen.getByRole('checkbox', { name: 'user3' }))
    await user.click(screen.getByRole('button', { name: '第 3 页' }))
    expect(await screen.findByText('当前选中数据未保存，是否保存')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '取消', hidden: true }))
    await screen.findByRole('checkbox', { name: 'user5' })
    expect(onSave).toHaveBeenCalledTimes(1)
    expect((screen.getByRole('checkbox', { name: 'user5' }) as HTMLInputElement).checked).toBe(false)
  })

  it('filters by position code; with link model 2 organisation and position exclude each other', async () => {
    const bridge = setUp()
    referenceStore.set({ parameters: { 'user.link.model': '2' } })
    const user = userEvent.setup()
    renderWithProviders(<EmployeeChooser onSave={() => {}} />)
    await screen.findByRole('option', { name: '会计' })
    await screen.findByRole('option', { name: '财务部' })
    await user.selectOptions(screen.getByLabelText('岗位'), 'p1')
    expect((screen.getByLabelText('组织') as HTMLSelectElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: '查询' }))
    await waitFor(() => expect(searches(bridge).at(-1)!.input).toEqual({ pageNum: 1, pageSize: 20, positionCodes: ['ACC'] }))
    await user.selectOptions(screen.getByLabelText('岗位'), '')
    await user.selectOptions(screen.getByLabelText('组织'), 'o1')
    expect((screen.getByLabelText('岗位') as HTMLSelectElement).disabled).toBe(true)
    // Without link model 2 both can be set together.
    referenceStore.set({ parameters: { 'user.link.model': '1' } })
    await waitFor(() => expect((screen.getByLabelText('岗位') as HTMLSelectElement).disabled).toBe(false))
  })
})
