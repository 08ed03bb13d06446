// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { BpmnImport } from '../../../../shared/contract/approvals/processes'
import { PROCESS_PERMISSION } from '../../../../shared/contract/approvals/permissions'
import { i18n } from '../../../i18n'
import { sessionStore } from '../../../state/session'
import { installFakeBridge, ok, type FakeBridgeOptions } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import ProcessListPage from './ProcessListPage'

afterEach(resetState)
/** Fluent's dialogs are aria-hidden under jsdom (its modal focus trap), so their roles are looked up with hidden. */
const H = { hidden: true } as const

/** What the hub answers for a Camunda Modeler file with a service task and a timer (tests/integration/approvals/bpmnImport.test.ts). */
const answer = (locale: 'zh-CN' | 'en'): BpmnImport => ({
  draft: {
    processKey: 'ChangeReview',
    name: 'Change review',
    typeId: '',
    remark: '',
    model: {
      nodes: [
        { id: 'StartEvent_1', type: 'start', name: 'Change submitted', x: 0, y: 100, mode: 'any' },
        { id: 'Activity_review', type: 'approval', name: 'Review', x: 200, y: 100, mode: 'any', assignee: { kind: 'role', roles: ['reviewer'], positions: [], users: [] } },
        { id: 'Event_done', type: 'end', name: 'Decided', x: 500, y: 100, mode: 'any' },
      ],
      links: [
        { id: 'f1', source: 'StartEvent_1', target: 'Activity_review', name: '', isDefault: false },
        { id: 'f2', source: 'Activity_review', target: 'Event_done', name: '', isDefault: false },
      ],
    },
  },
  unsupported: [
    { id: 'Activity_notify', name: 'Notify the owners', element: 'bpmn:ServiceTask', reason: 'msg_bpmn_element_unsupported', message: locale === 'en' ? 'The designer has no such node: left out (a path through it is kept)' : '设计器没有此类节点，未导入（经过它的路径保留）' },
    { id: 'Flow_big', name: '', element: 'bpmn:SequenceFlow', reason: 'msg_bpmn_condition_variable', message: locale === 'en' ? '${amount > 1000} tests amount, which is not a process variable' : '${amount > 1000} 判断的 amount 不是流程变量' },
  ],
  issues: [{ path: 'model.links.1.condition', key: 'msg_process_condition_missing', message: locale === 'en' ? 'A condition is missing' : '缺少条件' }],
})

function setUp(locale: 'zh-CN' | 'en') {
  sessionStore.set({ status: 'signedIn', permissions: [PROCESS_PERMISSION] })
  const channels = { 'hub.upload': () => ok(answer(locale)) } as unknown as FakeBridgeOptions['channels']
  return installFakeBridge({
    hub: {
      'platform.process.list': ok({ content: [], totalElements: 0 }),
      'platform.process.type.list': ok({ content: [], totalElements: 0 }),
      'platform.process.variable.list': ok([]),
      'platform.process.roleApproval.list': ok([]),
    },
    channels,
  })
}

const bpmnFile = () => new File(['<bpmn:definitions/>'], 'change-review.bpmn', { type: 'application/xml' })

describe('BPMN import', () => {
  it('uploads the chosen file, lists the elements that cannot be represented before anything opens, and opens the draft in the designer on confirming', async () => {
    const bridge = setUp('zh-CN')
    const user = userEvent.setup()
    renderWithProviders(<ProcessListPage />)
    await user.upload(await screen.findByLabelText('BPMN 2.0 文件'), bpmnFile())

    const dialog = await screen.findByRole('dialog', { name: '导入 BPMN：change-review.bpmn', ...H }, { timeout: 5000 })
    const sent = bridge.calls.find((c) => (c.channel as string) === 'hub.upload')?.payload as { endpoint: string; name: string }
    expect(sent).toMatchObject({ endpoint: 'platform.process.importBpmn', name: 'change-review.bpmn' })
    expect(within(dialog).getByText('文件中有 2 个元素无法按原样表示：')).toBeTruthy()
    const rows = within(within(dialog).getByRole('table', { name: '无法表示的元素', ...H })).getAllByRole('row', H).slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell', H).map((c) => c.textContent))).toEqual([
      ['ServiceTask', 'Activity_notify', 'Notify the owners', '设计器没有此类节点，未导入（经过它的路径保留）'],
      ['SequenceFlow', 'Flow_big', '', '${amount > 1000} 判断的 amount 不是流程变量'],
    ])
    expect(within(within(dialog).getByRole('group', { name: '保存前须在设计器中设置（1 项）：', ...H })).getByText('缺少条件')).toBeTruthy()
    // Nothing opened or saved yet.
    expect(screen.queryByDisplayValue('ChangeReview')).toBeNull()
    expect(bridge.hubCalls().some((c) => c.endpoint === 'platform.process.add')).toBe(false)

    await user.click(within(dialog).getByRole('button', { name: '在设计器中打开', ...H }))
    expect(await screen.findByDisplayValue('ChangeReview')).toBeTruthy()
    expect(screen.getByDisplayValue('Change review')).toBeTruthy()
    expect(document.querySelector('.react-flow__node[data-id="Activity_review"]')).toBeTruthy()
    expect(bridge.hubCalls().some((c) => c.endpoint === 'platform.process.add')).toBe(false)
  })

  it('shows the preview in English', async () => {
    await i18n.changeLanguage('en')
    setUp('en')
    const user = userEvent.setup()
    renderWithProviders(<ProcessListPage />)
    await user.upload(await screen.findByLabelText('BPMN 2.0 file'), bpmnFile())
    const dialog = await screen.findByRole('dialog', { name: 'Import BPMN: change-review.bpmn', ...H }, { timeout: 5000 })
    expect(within(dialog).getByText('2 elements of the file cannot be represented as they are:')).toBeTruthy()
    expect(within(dialog).getByText('The designer has no such node: left out (a path through it is kept)')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Open in the designer', ...H })).toBeTruthy()
  })
})
