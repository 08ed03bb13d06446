// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Position } from '../../../../shared/contract/platform/admin/positions'
import { fail, installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { blankDraft, type DesignerDraft } from './designerModel'
import ProcessDesigner from './ProcessDesigner'

afterEach(resetState)

const hub = {
  'platform.process.type.list': ok({ content: [], totalElements: 0 }),
  'platform.process.variable.list': ok([{ code: 'changeSize', name: '变更字段数', type: 'number', options: [] }]),
  'platform.process.roleApproval.list': ok([{ roleId: 'r1', roleCode: 'admin', roleName: '管理员', enabled: '0', processKey: '' }]),
  'platform.process.approverNames': ok({ role: { admin: '管理员' }, position: {}, users: {} }),
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

/** start → 主管审批 (by position) → 指定人审批 (by users) → end, each naming what no longer exists. */
function savedDraft(): DesignerDraft {
  return {
    processKey: 'chosen_review',
    name: '选人审批',
    typeId: '',
    remark: '',
    model: {
      nodes: [
        { id: 'start', type: 'start', name: '', x: 0, y: 100, mode: 'any' },
        { id: 'by_position', type: 'approval', name: '主管审批', x: 150, y: 100, mode: 'any', assignee: { kind: 'position', roles: [], positions: ['OLD'], users: [] } },
        { id: 'by_users', type: 'approval', name: '指定人审批', x: 300, y: 100, mode: 'any', assignee: { kind: 'users', roles: [], positions: [], users: ['gone.user'] } },
        { id: 'end', type: 'end', name: '', x: 450, y: 100, mode: 'any' },
      ],
      links: [
        { id: 'l1', source: 'start', target: 'by_position', name: '', isDefault: false },
        { id: 'l2', source: 'by_position', target: 'by_users', name: '', isDefault: false },
        { id: 'l3', source: 'by_users', target: 'end', name: '', isDefault: false },
      ],
    },
  }
}

const position = (id: string, code: string, name: string): Position => ({ id, code, name, sequence: 1, description: '', parentId: '', parentName: '', status: '1', orgCodes: [], updatedDate: '' })
const POSITIONS = [position('p1', 'LEAD', '部门主管'), position('p2', 'ACC', '会计')]
const USERS = [{ id: 'u1', username: 'lead.wang', nickName: '王主管', status: '1' }]
const employee = { ...USERS[0]!, gender: '', email: '', mobile: '', phone: '', employeeType: '', canLogin: '1', isSys: '0', isButler: '0', orgIds: [], orgNames: [], positionIds: [], positionNames: ['部门主管'], roleNames: [], proxyUserId: '', proxyUserName: '', proxyStart: '', proxyEnd: '', updatedDate: '' }
/** The administration's lists as the hub filters them: code and username contain the text. */
const choosers = {
  'platform.position.list': (input: unknown) => {
    const rows = POSITIONS.filter((p) => p.code.includes((input as { code?: string }).code ?? ''))
    return ok({ content: rows, totalElements: rows.length })
  },
  'platform.user.query': (input: unknown) => {
    const rows = USERS.filter((u) => u.username.includes((input as { username?: string }).username ?? ''))
    return ok({ content: rows, totalElements: rows.length })
  },
  'platform.user.findUserByOrgPositionAndRole': ok({ content: [employee], totalElements: 1 }),
  'platform.org.selectAsOrgTree': ok([]),
  'platform.orgPosition.getPositionByOrgCodes': ok([]),
  'platform.role.query': ok({ content: [], totalElements: 0 }),
}

/** The chooser dialog by its title (in its opening motion its name does not compute yet; see the choosers' tests). */
const chooser = async (title: string) => (await screen.findByText(title, {}, { timeout: 5000 })).closest<HTMLElement>('[role="dialog"]')!

describe('approvers chosen, not typed', () => {
  // Fluent's tabster hides what is outside a chooser while it is open, and shows it again only a
  // moment after it closes: the panel's queries include hidden elements.
  it('picks a position and a user with the choosers, lists them by name, marks a saved code that names nothing, and saves the codes', async () => {
    const answers = [
      fail('4001', '审批节点“主管审批”的岗位编码不存在：OLD，该节点将找不到审批人', { fields: [{ path: 'model.nodes.1.assignee.positions.0', key: 'msg_process_position_not_found', message: '' }] }),
    ]
    const added = vi.fn((input: unknown) => answers.shift() ?? ok({ ...(input as object), id: 'p1', version: 1, typeName: '', deployedVersion: null, changedSinceDeploy: true, createdAt: '', updatedAt: '', updatedBy: 'admin', bpmnXml: '' }))
    const bridge = installFakeBridge({ hub: { ...hub, ...choosers, 'platform.process.add': added } })
    const user = userEvent.setup()
    renderWithProviders(<ProcessDesigner target={{ draft: savedDraft() }} onClose={() => {}} />)
    const panel = () => screen.getByRole('group', { name: '节点属性', hidden: true })

    fireEvent.click(document.querySelector('.react-flow__node[data-id="by_position"]')!)
    const positions = () => within(panel()).getByRole('list', { name: '岗位', hidden: true })
    // The saved code no longer names a position: shown bare, marked.
    const old = await within(positions()).findByRole('listitem', { name: 'OLD', hidden: true })
    expect(await within(old).findByText('已不存在', {}, { timeout: 5000 })).toBeTruthy()
    // The hub refuses it too (a definition saved before the check): the node carries the message.
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('审批节点“主管审批”的岗位编码不存在：OLD，该节点将找不到审批人')).toBeTruthy()
    expect(within(panel()).getByText('所选岗位已不存在，该节点将找不到审批人')).toBeTruthy()

    await user.click(within(panel()).getByRole('button', { name: '选择岗位…', hidden: true }))
    const positionDialog = await chooser('选择审批岗位')
    await user.click(await within(positionDialog).findByRole('checkbox', { name: '部门主管', hidden: true }, { timeout: 5000 }))
    await user.click(within(positionDialog).getByRole('button', { name: '确定', hidden: true }))
    const lead = await within(positions()).findByRole('listitem', { name: '部门主管', hidden: true }, { timeout: 5000 })
    expect(within(lead).getByText('LEAD')).toBeTruthy()
    await user.click(within(panel()).getByRole('button', { name: '移除“OLD”', hidden: true }))
    expect(within(positions()).queryByRole('listitem', { name: 'OLD', hidden: true })).toBeNull()

    fireEvent.click(document.querySelector('.react-flow__node[data-id="by_users"]')!)
    const users = () => within(panel()).getByRole('list', { name: '指定人员', hidden: true })
    expect(await within(await within(users()).findByRole('listitem', { name: 'gone.user', hidden: true })).findByText('已不存在', {}, { timeout: 5000 })).toBeTruthy()
    await user.click(within(panel()).getByRole('button', { name: '选择人员…', hidden: true }))
    const userDialog = await chooser('选择审批人员')
    // Searching in the chooser is its own form's business, not a save of the designer (whose
    // draft would pass the console's checks here and go to the hub).
    await user.type(within(userDialog).getByRole('textbox', { name: '用户名', hidden: true }), 'wang')
    await user.click(within(userDialog).getByRole('button', { name: '查询', hidden: true }))
    await user.click(await within(userDialog).findByRole('checkbox', { name: 'lead.wang', hidden: true }, { timeout: 5000 }))
    await user.click(within(userDialog).getByRole('button', { name: '保存', hidden: true }))
    const wang = await within(users()).findByRole('listitem', { name: '王主管', hidden: true }, { timeout: 5000 })
    expect(within(wang).getByText('lead.wang')).toBeTruthy()
    expect(added).toHaveBeenCalledTimes(1)
    await user.click(within(panel()).getByRole('button', { name: '移除“gone.user”', hidden: true }))
    expect(within(users()).getAllByRole('listitem', { hidden: true })).toHaveLength(1)

    await user.click(await screen.findByRole('button', { name: '保存' }, { timeout: 5000 }))
    await waitFor(() => expect(added).toHaveBeenCalledTimes(2))
    const sent = bridge.hubCalls().filter((c) => c.endpoint === 'platform.process.add').at(-1)!.input as { model: { nodes: { id: string; assignee?: unknown }[] } }
    expect(sent.model.nodes.find((n) => n.id === 'by_position')!.assignee).toMatchObject({ kind: 'position', positions: ['LEAD'] })
    expect(sent.model.nodes.find((n) => n.id === 'by_users')!.assignee).toMatchObject({ kind: 'users', users: ['lead.wang'] })
  })

  it('lists a saved role code no role has any more, to be removed', async () => {
    installFakeBridge({ hub })
    const user = userEvent.setup()
    const draft = savedDraft()
    const nodes = draft.model.nodes.map((n) => (n.id === 'by_position' ? { ...n, assignee: { kind: 'role' as const, roles: ['admin', 'gone_role'], positions: [], users: [] } } : n))
    renderWithProviders(<ProcessDesigner target={{ draft: { ...draft, model: { ...draft.model, nodes } } }} onClose={() => {}} />)
    fireEvent.click(document.querySelector('.react-flow__node[data-id="by_position"]')!)
    const panel = screen.getByRole('group', { name: '节点属性' })
    expect(((await within(panel).findByRole('checkbox', { name: '管理员 (admin)' })) as HTMLInputElement).checked).toBe(true)
    const gone = within(within(panel).getByRole('list', { name: '已不存在的角色' })).getByRole('listitem', { name: 'gone_role' })
    expect(within(gone).getByText('已不存在')).toBeTruthy()
    await user.click(within(panel).getByRole('button', { name: '移除“gone_role”' }))
    expect(within(panel).queryByRole('list', { name: '已不存在的角色' })).toBeNull()
  })
})

describe('who approves, on the canvas', () => {
  it('each approval node names its roles, positions and users by name, asked of the hub for the draft codes', async () => {
    const draft = savedDraft()
    const nodes = draft.model.nodes.map((n) => (n.id === 'by_position' ? { ...n, assignee: { ...n.assignee!, positions: ['LEAD'] } } : n.id === 'by_users' ? { ...n, assignee: { ...n.assignee!, users: ['lead.wang'] } } : n))
    const bridge = installFakeBridge({ hub: { ...hub, ...choosers, 'platform.process.approverNames': ok({ role: {}, position: { LEAD: '部门主管' }, users: { 'lead.wang': '王主管' } }) } })
    renderWithProviders(<ProcessDesigner target={{ draft: { ...draft, model: { ...draft.model, nodes } } }} onClose={() => {}} />)
    const node = (id: string) => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`)?.textContent ?? ''
    await waitFor(() => expect(node('by_position')).toContain('部门主管'))
    expect(node('by_position')).not.toContain('LEAD')
    expect(node('by_users')).toContain('王主管')
    expect(node('by_users')).not.toContain('lead.wang')
    expect(bridge.hubCalls().find((c) => c.endpoint === 'platform.process.approverNames')?.input).toEqual({ role: [], position: ['LEAD'], users: ['lead.wang'] })
  })
})
