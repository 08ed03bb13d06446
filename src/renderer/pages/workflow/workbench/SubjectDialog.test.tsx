// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SubjectDetail } from '../../../../shared/contract/approvals/workbench'
import { fail, installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { SubjectDialog } from './SubjectDialog'

afterEach(resetState)

const subject: SubjectDetail = {
  id: 's1',
  title: '修改消费者：orders / ERP',
  processKey: 'change_review',
  processName: '变更审批',
  deployVersion: 1,
  businessType: 'change',
  state: 'reviewing',
  objectType: 'consumer',
  objectId: 'c1',
  objectName: 'orders / ERP',
  action: 'update',
  submitterId: 'u2',
  submitterName: 'editor1',
  startedAt: '2025-01-02T03:04:05.000Z',
  endedAt: null,
  currentNodes: ['审核'],
  nodes: [{ id: 'review', name: '审核', type: 'approval' }],
  myTaskId: 't1',
  change: { id: 'ch1', objectType: 'consumer', objectId: 'c1', objectName: 'orders / ERP', action: 'update', before: { remark: 'first', retryNum: '3', unlabelled: 'x' }, after: { remark: 'second', retryNum: '3', unlabelled: 'x' }, diff: [{ field: 'remark', before: 'first', after: 'second' }], changeSize: 1, baseVersion: 1 },
  model: {
    nodes: [
      { id: 'start', type: 'start', name: '', x: 0, y: 0, mode: 'any' },
      { id: 'review', type: 'approval', name: '审核', x: 200, y: 0, mode: 'any', assignee: { kind: 'role', roles: ['admin', 'gone'], positions: [], users: [] } },
      { id: 'end', type: 'end', name: '', x: 400, y: 0, mode: 'any' },
    ],
    links: [
      { id: 'l1', source: 'start', target: 'review', name: '', isDefault: false },
      { id: 'l2', source: 'review', target: 'end', name: '', isDefault: false },
    ],
  },
  approverNames: { role: { admin: '系统管理员' }, position: {}, users: {} },
  progress: [
    { nodeId: 'start', name: '', type: 'start', status: 'done' },
    { nodeId: 'review', name: '审核', type: 'approval', status: 'active' },
    { nodeId: 'end', name: '', type: 'end', status: 'pending' },
  ],
  linksTaken: ['l1'],
  tasks: [{ id: 't1', nodeId: 'review', nodeName: '审核', mode: 'any', assigneeId: 'u1', assigneeName: 'admin', state: 'pending', comment: '', createdAt: '2025-01-02T03:04:05.000Z', handledAt: null }],
  canUndo: false,
}

describe('a subject on the workbench', () => {
  it('shows the change side by side and the progress on the diagram; approve asks first, then decides my task', async () => {
    const approve = vi.fn(() => ok({ ...subject, state: 'approved' }))
    const bridge = installFakeBridge({ hub: { 'platform.workbench.subjectDetail': ok(subject), 'platform.workbench.approve': approve } })
    const onClose = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<SubjectDialog id="s1" onClose={onClose} />)
    const table = await screen.findByRole('table', { name: '变更内容' })
    // Only what changed, under the editor's label; the unchanged fields on asking.
    const remark = within(table).getByText('备注').closest('tr')!
    expect(remark.getAttribute('data-changed')).toBe('true')
    expect(within(remark).getByText('first')).toBeTruthy()
    expect(within(remark).getByText('second')).toBeTruthy()
    expect(within(table).queryByText('重试次数')).toBeNull()
    await user.click(screen.getByRole('switch', { name: '只显示有变化的字段' }))
    expect(within(table).getByText('重试次数')).toBeTruthy()
    expect(within(table).getByText('unlabelled')).toBeTruthy()
    await waitFor(() => expect(document.querySelector('[data-node-id="review"]')?.getAttribute('data-status')).toBe('active'))
    expect(document.querySelector('[data-node-id="start"]')?.getAttribute('data-status')).toBe('done')
    // Approvers by name where the hub gave one, by code where it had none (a role since deleted).
    expect(document.querySelector('[data-node-id="review"]')?.textContent).toContain('系统管理员, gone')

    await user.type(screen.getByRole('textbox', { name: '审批意见' }), '同意')
    await user.click(screen.getByRole('button', { name: '通过' }))
    const ask = await screen.findByRole('alertdialog', { hidden: true }, { timeout: 10_000 })
    expect(within(ask).getByText('确定通过该审批吗？')).toBeTruthy()
    await user.click(within(ask).getByRole('button', { hidden: true, name: '通过' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(bridge.hubCalls().find((c) => c.endpoint === 'platform.workbench.approve')?.input).toEqual({ taskId: 't1', comment: '同意' })
  })

  it('a rejection needs its reason; a refusal of the hub (decided meanwhile) shows and the subject is read again', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.workbench.subjectDetail': ok(subject), 'platform.workbench.reject': fail('4090', '当前状态不支持该操作') } })
    const user = userEvent.setup()
    renderWithProviders(<SubjectDialog id="s1" onClose={() => {}} />)
    await screen.findByRole('table', { name: '变更内容' })
    await user.click(screen.getByRole('button', { name: '驳回' }))
    expect(await screen.findByText('驳回须填写意见')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: '审批意见' }), '字段不对')
    await user.click(screen.getByRole('button', { name: '驳回' }))
    // Hidden included: under jsdom tabster may mark an open modal aria-hidden (Chromium: tests/e2e/approvals.spec.ts).
    const confirm = await screen.findByRole('alertdialog', { hidden: true }, { timeout: 10_000 })
    await user.click(within(confirm).getByRole('button', { hidden: true, name: '驳回' }))
    expect(await screen.findByText('当前状态不支持该操作', {}, { timeout: 10_000 })).toBeTruthy()
    expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.workbench.subjectDetail').length).toBeGreaterThan(1)
  })

  it('a node left unnamed in the designer reads as its kind, not its generated id, with its waiting approvers by name', async () => {
    const unnamed: SubjectDetail = {
      ...subject,
      currentNodes: ['approval_1'],
      model: { ...subject.model, nodes: subject.model.nodes.map((n) => (n.id === 'review' ? { ...n, id: 'approval_1', name: '' } : n)) },
      tasks: [
        { ...subject.tasks[0]!, nodeId: 'approval_1', nodeName: '' },
        { ...subject.tasks[0]!, id: 't2', nodeId: 'approval_1', nodeName: '', assigneeId: 'u3', assigneeName: '张三' },
      ],
    }
    installFakeBridge({ hub: { 'platform.workbench.subjectDetail': ok(unnamed) } })
    renderWithProviders(<SubjectDialog id="s1" onClose={() => {}} />)
    const current = (await screen.findByText('当前节点')).nextElementSibling!
    expect(current.textContent).toBe('审批节点 (admin, 张三)')
    const tasks = screen.getByRole('table', { name: '审批记录' })
    expect(within(tasks).getAllByText('审批节点')).toHaveLength(2)
    expect(within(tasks).queryByText('approval_1')).toBeNull()
  })
})
