// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { TreeNode } from '../../../shared/contract/platform/admin/common'
import type { Position } from '../../../shared/contract/platform/admin/positions'
import { referenceStore } from '../../state/reference'
import { installFakeBridge, ok } from '../../test/fakeBridge'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { PeopleChooserDialog } from './PeopleChooserDialog'
import { PositionChooser } from './PositionChooser'

afterEach(resetState)

const node = (id: string, name: string, children: TreeNode[] = []): TreeNode => ({ id, code: id.toUpperCase(), name, status: '1', parentId: null, children })
const position = (n: number): Position => ({ id: `p${n}`, code: `POS${n}`, name: `岗位${n}`, sequence: n, description: '', parentId: '', parentName: '', status: '1', orgCodes: [], updatedDate: '' })
const orgTree = [node('g', '集团', [node('fin', '财务部')])]

function setUp() {
  return installFakeBridge({
    hub: {
      'platform.org.selectAsOrgTree': ok(orgTree),
      'platform.position.list': (input) => {
        const { pageNum } = input as { pageNum: number }
        return ok({ content: [position(pageNum * 2 - 1), position(pageNum * 2)], totalElements: 50 })
      },
      'platform.orgPosition.getPositionByOrgCodes': ok([node('lead', '主管', [node('acc', '会计')])]),
    },
  })
}
const listCalls = (bridge: ReturnType<typeof setUp>) => bridge.hubCalls().filter((c) => c.endpoint === 'platform.position.list')

describe('position chooser', () => {
  it('filters by the organisations chosen in its dialog, keeps ticks across pages, and confirms them', async () => {
    const bridge = setUp()
    const onConfirm = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<PositionChooser onConfirm={onConfirm} />)
    await user.click(await screen.findByRole('checkbox', { name: '岗位1' }))
    await user.click(screen.getByRole('button', { name: '第 2 页' }))
    await user.click(await screen.findByRole('checkbox', { name: '岗位3' }))
    expect(listCalls(bridge).at(-1)!.input).toEqual({ pageNum: 2, pageSize: 20, orgCodes: [] })

    await user.click(screen.getByRole('button', { name: '选择组织' }))
    // Fluent's dialog is still in its opening motion here, which the role query counts as hidden.
    const dialog = await screen.findByRole('dialog', { hidden: true })
    expect(within(dialog).getByText('选择组织')).toBeTruthy()
    await user.click(await within(dialog).findByRole('checkbox', { name: '财务部', hidden: true }))
    await user.click(within(dialog).getByRole('button', { name: '确定', hidden: true }))
    await waitFor(() => expect(listCalls(bridge).at(-1)!.input).toEqual({ pageNum: 1, pageSize: 20, orgCodes: ['FIN'] }))
    expect(screen.getByText('财务部')).toBeTruthy()

    // Once the organisation dialog has gone, the chooser's own Confirm is reachable again.
    await user.click(await screen.findByRole('button', { name: '确定' }))
    expect(onConfirm.mock.calls[0]![0]).toEqual([
      { id: 'p1', code: 'POS1', name: '岗位1' },
      { id: 'p3', code: 'POS3', name: '岗位3' },
    ])
  })

  it('shows the positions as a tree when the link model is 1', async () => {
    setUp()
    referenceStore.set({ parameters: { 'user.link.model': '1' } })
    const onConfirm = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<PositionChooser onConfirm={onConfirm} />)
    const tree = await screen.findByRole('group', { name: '岗位列表' })
    await user.click(await within(tree).findByRole('checkbox', { name: '会计' }))
    expect(screen.queryByRole('table')).toBeNull()
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(onConfirm).toHaveBeenCalledWith([{ id: 'acc', code: 'ACC', name: '会计' }])
  })
})

describe('people chooser dialog', () => {
  it('offers only the needed modes, employee by default, and answers the mode with what was picked', async () => {
    setUp()
    const onSave = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<PeopleChooserDialog types={[3, 1]} onSave={onSave} onClose={() => {}} />)
    const tabs = await screen.findAllByRole('tab')
    expect(tabs).toHaveLength(2)
    expect(tabs[0]).toBe(screen.getByRole('tab', { name: '组织' }))
    expect(tabs[1]).toBe(screen.getByRole('tab', { name: '岗位' }))
    // No employee mode offered: the first needed one (organisation) is shown.
    await user.click(await screen.findByRole('checkbox', { name: '财务部' }))
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(onSave).toHaveBeenCalledWith({ mode: 1, items: [{ id: 'fin', code: 'FIN', name: '财务部' }] })
    await user.click(screen.getByRole('tab', { name: '岗位' }))
    await user.click(await screen.findByRole('checkbox', { name: '岗位2' }))
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(onSave).toHaveBeenLastCalledWith({ mode: 3, items: [{ id: 'p2', code: 'POS2', name: '岗位2' }] })
  })
})
