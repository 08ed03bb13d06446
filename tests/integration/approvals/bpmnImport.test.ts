import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import type { Consumer } from '../../../src/shared/contract/datahub/consumer'
import * as processes from '../../../src/shared/contract/approvals/processes'
import type { BpmnImport, Deployment, ProcessDetail } from '../../../src/shared/contract/approvals/processes'
import * as workbench from '../../../src/shared/contract/approvals/workbench'
import type { Subject } from '../../../src/shared/contract/approvals/workbench'
import type { Paged } from '../../../src/shared/contract/paging'
import { postFile, type Answer } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { addRole, person, requireApproval, WORKBENCH, type Person } from './support'

const targets = await storeTargets()
const fixture = (name: string) => ({ name, bytes: readFileSync(new URL(`./bpmn/${name}`, import.meta.url)) })

/**
 * BPMN files as the common modelers write them (Camunda Modeler for Camunda 7, Flowable's
 * modeler; each with its diagram and vendor namespace) imported into drafts, saved, deployed,
 * and run as the change approval of an editor's role.
 */
describeEachStore(targets, 'BPMN import', (target) => {
  let b: Bench
  let editor: Person
  let reviewer: Person
  let boss: Person
  let finance: Person
  let legal: Person

  beforeAll(async () => {
    b = await openBench(target)
    const { store, app } = b.hub
    await addRole(store, 'editor', ['datahub', 'datahub:topic', ...WORKBENCH])
    await addRole(store, 'reviewer', WORKBENCH)
    await addRole(store, 'approver', WORKBENCH)
    editor = await person(store, app, 'bpmneditor', ['editor'])
    reviewer = await person(store, app, 'bpmnreviewer', ['reviewer'])
    boss = await person(store, app, 'bpmnboss', ['approver'])
    finance = await person(store, app, 'bpmnfinance', ['approver'])
    legal = await person(store, app, 'bpmnlegal', ['approver'])
  })
  afterAll(async () => b?.close())

  const importFile = (file: { name: string; bytes: Uint8Array }, locale = 'zh-CN') => postFile<BpmnImport>(b.hub.app, processes.processImportBpmn, file, { token: b.admin, locale })
  const dataOf = <T>(a: Answer<T>): T => {
    expect(a.body.code, a.body.message).toBe('2000')
    return a.body.data as T
  }
  const pendingOf = async (p: Person) => (await b.ok<Paged<Subject>>(workbench.subjectList, { box: 'pending' }, p.token)).content
  const approveAll = async (p: Person) => {
    const mine = await pendingOf(p)
    expect(mine.length, `${p.username} has a task`).toBeGreaterThan(0)
    for (const s of mine) await b.ok(workbench.taskApprove, { taskId: s.myTaskId }, p.token)
  }
  const subjectOf = async (objectId: string) => (await b.ok<Paged<Subject>>(processes.processListSubject, { pageNum: 1, pageSize: 50 })).content.find((s) => s.objectId === objectId)!
  const deploy = async (draft: BpmnImport['draft']) => {
    const saved = await b.ok<ProcessDetail>(processes.processAdd, draft)
    await b.ok<Deployment>(processes.processDeploy, { id: saved.id, version: saved.version })
    await requireApproval(b, b.hub.store, 'editor', draft.processKey)
    return saved
  }

  it('imports a Camunda Modeler file: candidate groups as roles, the assignee as a user, the JUEL condition, and lists the service task and the timer', async () => {
    const read = dataOf(await importFile(fixture('camundaModeler.bpmn')))
    expect(read.unsupported).toEqual([
      { id: 'Activity_notify', name: 'Notify the owners', element: 'bpmn:ServiceTask', reason: 'msg_bpmn_element_unsupported', message: '设计器没有此类节点，未导入（经过它的路径保留）' },
      { id: 'Event_reminder', name: 'Remind after a day', element: 'bpmn:BoundaryEvent', reason: 'msg_bpmn_element_unsupported', message: '设计器没有此类节点，未导入（经过它的路径保留）' },
    ])
    expect(read.issues).toEqual([])
    expect(read.draft).toMatchObject({ processKey: 'ChangeReview', name: 'Change review' })
    const { nodes, links } = read.draft.model
    expect(nodes.map((n) => [n.id, n.type, n.name])).toEqual([
      ['StartEvent_1', 'start', 'Change submitted'],
      ['Activity_review', 'approval', 'Review'],
      ['Gateway_size', 'condition', 'Big change?'],
      ['Activity_boss', 'approval', 'Head of IT approves'],
      ['Event_done', 'end', 'Decided'],
    ])
    expect(nodes.find((n) => n.id === 'Activity_review')?.assignee).toEqual({ kind: 'role', roles: ['reviewer'], positions: [], users: [] })
    expect(nodes.find((n) => n.id === 'Activity_boss')?.assignee).toEqual({ kind: 'users', roles: [], positions: [], users: ['bpmnboss'] })
    expect(links.find((l) => l.id === 'Flow_big')).toMatchObject({ condition: { variable: 'changeSize', operator: 'gt', value: 1 }, isDefault: false, name: 'more than one field' })
    expect(links.find((l) => l.id === 'Flow_small')).toMatchObject({ isDefault: true })
    // The service task between the boss and the end is bridged: the path stays.
    expect(links.filter((l) => l.source === 'Activity_boss').map((l) => l.target)).toEqual(['Event_done'])
    // Positions come from the diagram.
    expect(nodes.find((n) => n.id === 'Activity_review')).toMatchObject({ y: 137 })

    const en = dataOf(await importFile(fixture('camundaModeler.bpmn'), 'en'))
    expect(en.unsupported[0]!.message).toBe('The designer has no such node: left out (a path through it is kept)')

    // Saved and run: a change of two fields goes past the condition to the boss; one field ends after the review.
    await deploy(read.draft)
    const big = await b.consumer((await b.topic()).code, { remark: 'first' })
    expect((await b.send(consumer.consumerUpdate, { id: big.id, version: big.version, remark: 'second', applicationName: 'ERP 2' }, { token: editor.token })).body.code).toBe('2020')
    await approveAll(reviewer)
    expect((await subjectOf(big.id)).state).toBe('reviewing')
    await approveAll(boss)
    expect((await subjectOf(big.id)).state).toBe('approved')
    expect((await b.ok<Consumer>(consumer.consumerGet, { id: big.id })).remark).toBe('second')

    const small = await b.consumer((await b.topic()).code, { remark: 'first' })
    expect((await b.send(consumer.consumerUpdate, { id: small.id, version: small.version, remark: 'only' }, { token: editor.token })).body.code).toBe('2020')
    await approveAll(reviewer)
    expect((await subjectOf(small.id)).state).toBe('approved')
    expect(await pendingOf(boss)).toEqual([])
  })

  it('imports a Flowable file with a parallel sign-off, lists what it cannot represent, and runs once the operator fills the gaps', async () => {
    const read = dataOf(await importFile(fixture('flowable.bpmn20.xml')))
    expect(read.unsupported.map((u) => [u.id, u.name, u.element, u.reason])).toEqual([
      ['sid-ceo', '总经理审批', 'bpmn:UserTask', 'msg_bpmn_assignee_expression'],
      ['sid-audit', '写审计日志', 'bpmn:ScriptTask', 'msg_bpmn_element_unsupported'],
      ['sid-large', '大额', 'bpmn:SequenceFlow', 'msg_bpmn_condition_variable'],
    ])
    expect(read.unsupported.find((u) => u.id === 'sid-large')!.message).toBe('${amount > 1000} 判断的 amount 不是流程变量：请在设计器中设置此连线的条件')
    const { nodes, links } = read.draft.model
    expect(nodes.filter((n) => n.type === 'parallel').map((n) => n.id)).toEqual(['sid-fork', 'sid-join'])
    expect(nodes.find((n) => n.id === 'sid-legal')?.assignee).toEqual({ kind: 'users', roles: [], positions: [], users: ['bpmnlegal'] })
    expect(links.find((l) => l.id === 'sid-ops-flow')?.condition).toEqual({ variable: 'objectType', operator: 'in', value: 'topic,consumer' })
    expect(read.draft).toMatchObject({ processKey: 'configChange', name: '配置变更会签', remark: 'Finance and legal both sign off' })
    // What saving would refuse, at its paths: the approver and the condition that could not be read.
    const ceo = nodes.findIndex((n) => n.id === 'sid-ceo')
    const large = links.findIndex((l) => l.id === 'sid-large')
    expect(read.issues).toEqual(
      expect.arrayContaining([
        { path: `model.nodes.${ceo}.assignee`, key: 'msg_process_assignee_missing', message: expect.any(String) },
        { path: `model.links.${large}.condition`, key: 'msg_process_condition_missing', message: expect.any(String) },
      ]),
    )

    // The operator sets them in the designer, then saves: a consumer's change goes through the review, both parallel approvals, and the `in` branch.
    const draft = {
      ...read.draft,
      model: {
        nodes: nodes.map((n) => (n.id === 'sid-ceo' ? { ...n, assignee: { kind: 'users' as const, roles: [], positions: [], users: ['bpmnboss'] } } : n)),
        links: links.map((l) => (l.id === 'sid-large' ? { ...l, condition: { variable: 'changeSize' as const, operator: 'gt' as const, value: 5 } } : l)),
      },
    }
    await deploy(draft)
    const c = await b.consumer((await b.topic()).code, { remark: 'first' })
    expect((await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, remark: 'second' }, { token: editor.token })).body.code).toBe('2020')
    await approveAll(reviewer)
    expect((await subjectOf(c.id)).currentNodes.sort()).toEqual(['法务审批', '财务审批'])
    await approveAll(finance)
    expect((await subjectOf(c.id)).currentNodes).toEqual(['法务审批'])
    await approveAll(legal)
    // Joined, then the consumer takes the `objectType in (topic, consumer)` link to the operations check.
    expect((await subjectOf(c.id)).currentNodes).toEqual(['运维确认'])
    await approveAll(reviewer)
    expect((await subjectOf(c.id)).state).toBe('approved')
  })

  it('imports a Camunda 8 file: Zeebe assignment definition and a FEEL condition, the unconditioned flow as the default', async () => {
    const read = dataOf(await importFile(fixture('camunda8.bpmn')))
    expect(read.unsupported).toEqual([])
    expect(read.issues).toEqual([])
    const { nodes, links } = read.draft.model
    expect(nodes.find((n) => n.id === 'Activity_owner')?.assignee).toEqual({ kind: 'role', roles: ['reviewer'], positions: [], users: [] })
    expect(links.find((l) => l.id === 'Flow_delete')?.condition).toEqual({ variable: 'action', operator: 'eq', value: 'delete' })
    expect(links.find((l) => l.id === 'Flow_other')?.isDefault).toBe(true)
  })

  it('refuses a file that is not BPMN with a clear message', async () => {
    const answer = await importFile({ name: 'notes.bpmn', bytes: new TextEncoder().encode('<html><body>not a process</body></html>') })
    expect(answer.body.code).toBe('4001')
    expect((answer.body.data as unknown as { fields: { path: string; message: string }[] }).fields).toEqual([expect.objectContaining({ path: 'file', message: '文件不是包含流程的 BPMN 2.0 XML' })])
  })
})
