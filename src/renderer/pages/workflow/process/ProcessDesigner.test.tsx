// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { blankDraft } from './designerModel'
import ProcessDesigner from './ProcessDesigner'

afterEach(resetState)

const hub = {
  'platform.process.type.list': ok({ content: [], totalElements: 0 }),
  'platform.process.variable.list': ok([{ code: 'changeSize', name: '变更字段数', type: 'number', options: [] }]),
  'platform.process.roleApproval.list': ok([{ roleId: 'r1', roleCode: 'admin', roleName: '管理员', enabled: '0', processKey: '' }]),
}

describe('process designer', () => {
  it("marks what is missing in place with the hub's messages, and saves the designed graph once it is whole", async () => {
    const added = vi.fn((input: unknown) => ok({ ...(input as object), id: 'p1', version: 1, typeName: '', deployedVersion: null, changedSinceDeploy: true, createdAt: '', updatedAt: '', updatedBy: 'admin', bpmnXml: '' }))
    const bridge = installFakeBridge({ hub: { ...hub, 'platform.process.add': added } })
    const user = userEvent.setup()
    renderWithProviders(<ProcessDesigner target={{ draft: blankDraft() }} onClose={() => {}} />)
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('流程标识不能为空')).toBeTruthy()
    expect(screen.getByText('流程名称不能为空')).toBeTruthy()

    await user.type(screen.getByRole('textbox', { name: /流程标识/ }), 'change_review')
    await user.type(screen.getByRole('textbox', { name: /流程名称/ }), '变更审批')
    // The palette adds an approval node (a click is the keyboard's way to what dragging does).
    await user.click(within(screen.getByRole('group', { name: '节点' })).getByRole('button', { name: '审批节点' }))
    const panel = () => screen.getByRole('group', { name: '节点属性' })
    expect(within(panel()).getByText('审批节点 · approval_1')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '保存' }))
    // On the node: no role yet; it is not reachable either (the start still goes straight to the end).
    expect(await within(panel()).findByText('审批节点的角色不能为空')).toBeTruthy()
    expect(added).not.toHaveBeenCalled()

    await user.click(within(panel()).getByRole('checkbox', { name: '管理员 (admin)' }))
    await user.selectOptions(within(panel()).getByRole('combobox', { name: '连接到节点…' }), 'end')
    await user.click(within(panel()).getByRole('button', { name: '连接' }))
    await user.click(screen.getByRole('button', { name: '保存' }))
    // The start → end link makes the approval node unreachable: the rule says so on the node.
    expect(await within(panel()).findByText('节点须从开始节点可达并能到达结束节点')).toBeTruthy()
    expect(added).not.toHaveBeenCalled()

    // The start node, picked on the canvas: its link goes to the approval node instead of the end.
    // (A plain click: jsdom's mouse events carry no view, which the canvas's drag handler needs.)
    fireEvent.click(document.querySelector('.react-flow__node[data-id="start"]')!)
    expect(within(panel()).getByText('开始 · start')).toBeTruthy()
    await user.click(within(panel()).getByRole('button', { name: '删除到“结束”的连线' }))
    await user.selectOptions(within(panel()).getByRole('combobox', { name: '连接到节点…' }), 'approval_1')
    await user.click(within(panel()).getByRole('button', { name: '连接' }))
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(added).toHaveBeenCalledTimes(1))
    const sent = bridge.hubCalls().find((c) => c.endpoint === 'platform.process.add')!.input as { processKey: string; model: { nodes: { id: string }[]; links: { source: string; target: string }[] } }
    expect(sent.processKey).toBe('change_review')
    expect(sent.model.links.map((l) => `${l.source}>${l.target}`).sort()).toEqual(['approval_1>end', 'start>approval_1'])
    expect(sent.model.nodes.find((n) => n.id === 'approval_1')).toMatchObject({ type: 'approval', mode: 'any', assignee: { kind: 'role', roles: ['admin'] } })
    // Saved: the key is fixed from now on.
    await waitFor(() => expect((screen.getByRole('textbox', { name: /流程标识/ }) as HTMLInputElement).disabled).toBe(true))
  })
})
