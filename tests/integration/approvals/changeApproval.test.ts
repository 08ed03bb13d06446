import { afterAll, beforeAll, expect, it } from 'vitest'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import type { Consumer } from '../../../src/shared/contract/datahub/consumer'
import * as topic from '../../../src/shared/contract/datahub/topic'
import * as processes from '../../../src/shared/contract/approvals/processes'
import type { Deployment } from '../../../src/shared/contract/approvals/processes'
import * as workbench from '../../../src/shared/contract/approvals/workbench'
import type { Subject, SubjectDetail } from '../../../src/shared/contract/approvals/workbench'
import { versionBacktrackListAll } from '../../../src/shared/contract/platform/versionBacktrack'
import { describeEachStore, storeTargets } from '../../support/stores'
import type { Paged } from '../../../src/shared/contract/paging'
import { fieldKeys, openBench, refusal, type Bench } from '../datahub/support'
import { addRole, deployed, freshKey, oneStepModel, person, requireApproval, twoStepApproval, twoStepModel, WORKBENCH, type Person } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'change approval', (target) => {
  let b: Bench
  let editor: Person
  let reviewer: Person
  let boss: Person

  beforeAll(async () => {
    b = await openBench(target, { publicUrl: 'http://hub.test' })
    await addRole(b.hub.store, 'boss', WORKBENCH)
    ;({ editor, reviewer, boss } = await twoStepApproval(b, { suffix: '1', name: '配置变更审批', bossRoles: ['boss'] }))
  })
  afterAll(async () => b?.close())

  /** A consumer made by the admin (whose role needs no approval). */
  const aConsumer = async () => b.consumer((await b.topic()).code, { remark: 'first' })
  const pendingOf = async (p: Person) => (await b.ok<Paged<Subject>>(workbench.subjectList, { box: 'pending' }, p.token)).content
  const stored = (id: string) => b.ok<Consumer>(consumer.consumerGet, { id })

  it('submits a change instead of saving it, marks the object changing, and applies it after both steps of a two-step approval', async () => {
    const c = await aConsumer()
    const submitted = await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, remark: 'second', applicationName: 'ERP 2' }, { token: editor.token })
    expect(refusal(submitted).code).toBe('2020')
    expect(refusal(submitted).message).toContain('已提交审批')
    expect((await stored(c.id)).remark).toBe('first')

    // Changing: refused for the submitter and for the admin alike.
    const again = await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, remark: 'third' }, { token: editor.token })
    expect(refusal(again)).toEqual({ code: '4090', message: '数据正在变更中，不能再次变更' })
    expect(refusal(await b.send(consumer.consumerStatus, { id: c.id, version: c.version }))).toEqual({ code: '4090', message: '数据正在变更中，不能再次变更' })
    // The lists' "changing" marks: the object, its subject and who submitted it.
    const marks = await b.ok<workbench.ChangingObject[]>(workbench.changingObjects, { objectType: 'consumer' }, reviewer.token)
    expect(marks.filter((m) => m.objectId === c.id)).toEqual([expect.objectContaining({ objectType: 'consumer', objectId: c.id, submitterName: 'editor1' })])

    expect((await b.ok<{ count: number }>(workbench.pendingCount, {}, reviewer.token)).count).toBe(1)
    const [task] = await pendingOf(reviewer)
    expect(task).toMatchObject({ state: 'reviewing', objectType: 'consumer', objectId: c.id, action: 'update', submitterName: 'editor1', currentNodes: ['审核'] })
    // Where it stands, as the list's node column shows it: the node waiting, by its model's name and kind.
    expect(task!.nodes).toEqual([{ id: 'review', name: '审核', type: 'approval' }])
    const detail = await b.ok<SubjectDetail>(workbench.subjectDetail, { id: task!.id }, reviewer.token)
    expect(detail.change?.diff).toEqual([
      { field: 'applicationName', before: c.applicationName, after: 'ERP 2' },
      { field: 'remark', before: 'first', after: 'second' },
    ])
    expect(detail.change?.changeSize).toBe(2)
    expect(detail.progress.find((n) => n.nodeId === 'review')?.status).toBe('active')
    // The diagram names who approves by name (the reviewer may not list roles or users).
    await b.hub.store.db.updateTable('roles').set({ role_name: '审核员' }).where('role_code', '=', 'reviewer').execute()
    const bossName = (await b.hub.store.db.selectFrom('users').select('name').where('username', '=', boss.username).executeTakeFirstOrThrow()).name
    await b.hub.store.db.updateTable('users').set({ name: '王经理' }).where('username', '=', boss.username).execute()
    const named = await b.ok<SubjectDetail>(workbench.subjectDetail, { id: task!.id }, reviewer.token)
    expect(named.approverNames).toEqual({ role: { reviewer: '审核员' }, position: {}, users: { [boss.username]: '王经理' } })
    await b.hub.store.db.updateTable('users').set({ name: bossName }).where('username', '=', boss.username).execute()

    // The first step: the condition (changeSize 2 > 1) sends it on to the boss.
    const afterFirst = await b.ok<Subject>(workbench.taskApprove, { taskId: task!.myTaskId, comment: '同意' }, reviewer.token)
    expect(afterFirst).toMatchObject({ state: 'reviewing', currentNodes: ['领导审批'] })
    expect((await stored(c.id)).remark).toBe('first')
    expect((await b.ok<{ count: number }>(workbench.pendingCount, {}, reviewer.token)).count).toBe(0)
    const [bossTask] = await pendingOf(boss)
    const done = await b.ok<Subject>(workbench.taskApprove, { taskId: bossTask!.myTaskId }, boss.token)
    expect(done.state).toBe('approved')
    // Ended: the node whose decision ended it, not an empty column.
    expect(done.nodes).toEqual([{ id: 'boss', name: '领导审批', type: 'approval' }])
    expect((await b.ok<Paged<Subject>>(workbench.subjectList, { box: 'handled' }, reviewer.token)).content.find((s) => s.id === task!.id)?.nodes).toEqual([{ id: 'boss', name: '领导审批', type: 'approval' }])
    expect((await b.ok<workbench.ChangingObject[]>(workbench.changingObjects, {}, reviewer.token)).some((m) => m.objectId === c.id)).toBe(false)

    const now = await stored(c.id)
    expect(now).toMatchObject({ remark: 'second', applicationName: 'ERP 2', version: c.version + 1 })
    // Saved as the submitter, and naming who approved it, in the order they decided.
    const historyOf = () => b.ok<Paged<{ createdBy: string; approvedBy: string | null; version: number }>>(versionBacktrackListAll, { typeCode: 'consumer', typeId: c.id, pageNum: 1, pageSize: 5 })
    const history = await historyOf()
    expect(history.content[0]).toMatchObject({ createdBy: 'editor1', approvedBy: 'reviewer1, boss1', version: c.version + 1 })
    // The consumer as first made needed no approval.
    expect(history.content.at(-1)).toMatchObject({ createdBy: 'admin', approvedBy: null })

    const final = await b.ok<SubjectDetail>(workbench.subjectDetail, { id: task!.id }, editor.token)
    expect(final.tasks.map((t) => [t.assigneeName, t.state, t.comment])).toEqual([
      ['reviewer1', 'approved', '同意'],
      ['boss1', 'approved', ''],
    ])
    expect(final.progress.map((n) => n.status)).toEqual(['done', 'done', 'done', 'done', 'done'])
    expect(final.linksTaken).toEqual(['l1', 'l2', 'big', 'l4'])
    // Free again: the admin saves directly.
    await b.ok(consumer.consumerUpdate, { id: c.id, version: now.version, remark: 'free' })
    expect((await historyOf()).content[0]).toMatchObject({ createdBy: 'admin', approvedBy: null, version: now.version + 1 })
  })

  it('takes the condition branch that skips the second step for a one-field change', async () => {
    const c = await aConsumer()
    await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, remark: 'small' }, { token: editor.token })
    const [task] = await pendingOf(reviewer)
    expect((await b.ok<Subject>(workbench.taskApprove, { taskId: task!.myTaskId }, reviewer.token)).state).toBe('approved')
    expect((await stored(c.id)).remark).toBe('small')
    expect(await pendingOf(boss)).toEqual([])
  })

  it('rejects with a comment: nothing changes and the object is free again', async () => {
    const c = await aConsumer()
    await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, remark: 'nope' }, { token: editor.token })
    const [task] = await pendingOf(reviewer)
    expect(fieldKeys(await b.send(workbench.taskReject, { taskId: task!.myTaskId, comment: ' ' }, { token: reviewer.token }))).toEqual({ comment: 'msg_process_comment_missing' })
    const rejected = await b.ok<Subject>(workbench.taskReject, { taskId: task!.myTaskId, comment: '理由不足' }, reviewer.token)
    expect(rejected.state).toBe('rejected')
    expect(rejected.nodes).toEqual([{ id: 'review', name: '审核', type: 'approval' }])
    expect((await stored(c.id)).remark).toBe('first')
    const mine = await b.ok<Paged<Subject>>(workbench.subjectList, { box: 'submitted', state: 'rejected' }, editor.token)
    expect(mine.content.map((s) => s.id)).toContain(task!.id)
    await b.ok(consumer.consumerUpdate, { id: c.id, version: c.version, remark: 'admin' })
  })

  it('lets the submitter undo: the task closes, nothing changes, and a late approval is refused', async () => {
    const c = await aConsumer()
    await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, remark: 'undo me' }, { token: editor.token })
    const [task] = await pendingOf(reviewer)
    expect(refusal(await b.send(workbench.subjectUndo, { id: task!.id }, { token: reviewer.token })).code).toBe('4031')
    expect((await b.ok<Subject>(workbench.subjectUndo, { id: task!.id }, editor.token)).state).toBe('undone')
    expect((await b.ok<{ count: number }>(workbench.pendingCount, {}, reviewer.token)).count).toBe(0)
    expect(refusal(await b.send(workbench.taskApprove, { taskId: task!.myTaskId }, { token: reviewer.token }))).toEqual({ code: '4090', message: '当前状态不支持该操作' })
    expect((await stored(c.id)).remark).toBe('first')
    expect(refusal(await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, remark: 'again' }, { token: editor.token })).code).toBe('2020')
  })

  it('names a status change as the enable or the disable it is (issue 43: not 启用/停用)', async () => {
    const c = await aConsumer()
    expect(refusal(await b.send(consumer.consumerStatus, { id: c.id, version: c.version }, { token: editor.token })).code).toBe('2020')
    const [task] = await pendingOf(reviewer)
    const verb = c.status === '1' ? '停用' : '启用'
    expect(task).toMatchObject({ action: 'status', title: `${verb}消费者：${task!.objectName}` })
    await b.ok(workbench.subjectUndo, { id: task!.id }, editor.token)
  })

  it('submits a new topic too, and creates it once approved', async () => {
    const code = `topic.${freshKey('new')}`
    expect(refusal(await b.send(topic.topicCreate, { code, name: '新主题' }, { token: editor.token })).code).toBe('2020')
    const [task] = await pendingOf(reviewer)
    expect(task).toMatchObject({ objectType: 'topic', action: 'create', objectName: '新主题' })
    await b.ok(workbench.taskApprove, { taskId: task!.myTaskId }, reviewer.token)
    const [bossTask] = await pendingOf(boss)
    await b.ok(workbench.taskApprove, { taskId: bossTask!.myTaskId }, boss.token)
    const all = await b.ok<{ code: string; createdAt: string }[]>(topic.topicListAll, {})
    expect(all.map((t) => t.code)).toContain(code)
  })

  it('keeps a running instance on its deployed version when a new version is deployed', async () => {
    const key = freshKey('versions')
    const { process, deployment: v1 } = await deployed(b, { processKey: key, name: '版本', model: twoStepModel(['boss1']) })
    await addRole(b.hub.store, `editor_${key}`, ['datahub', 'datahub:topic', ...WORKBENCH])
    const other = await person(b.hub.store, b.hub.app, `ed_${key}`, [`editor_${key}`])
    await requireApproval(b, b.hub.store, `editor_${key}`, key)
    const c1 = await aConsumer()
    await b.send(consumer.consumerUpdate, { id: c1.id, version: c1.version, remark: 'a', applicationName: 'b' }, { token: other.token })

    const saved = await b.ok<{ version: number }>(processes.processUpdate, { id: process.id, version: process.version, processKey: key, name: '版本', model: oneStepModel() })
    const v2 = await b.ok<Deployment>(processes.processDeploy, { id: process.id, version: saved.version })
    expect([v1.deployVersion, v2.deployVersion]).toEqual([1, 2])
    const latest = await b.ok<Deployment[]>(processes.processListLatest, {})
    expect(latest.find((d) => d.processKey === key)?.deployVersion).toBe(2)

    const c2 = await aConsumer()
    await b.send(consumer.consumerUpdate, { id: c2.id, version: c2.version, remark: 'a', applicationName: 'b' }, { token: other.token })
    const pending = await pendingOf(reviewer)
    const old = pending.find((s) => s.objectId === c1.id)!
    const fresh = pending.find((s) => s.objectId === c2.id)!
    expect([old.deployVersion, fresh.deployVersion]).toEqual([1, 2])
    // v2 has one step; v1 still has the boss after the review.
    expect((await b.ok<Subject>(workbench.taskApprove, { taskId: fresh.myTaskId }, reviewer.token)).state).toBe('approved')
    expect((await b.ok<Subject>(workbench.taskApprove, { taskId: old.myTaskId }, reviewer.token)).currentNodes).toEqual(['领导审批'])
  })

  it('tells signed-in users whether their own changes need approval, as the change gate decides: role switch on → required, off → not', async () => {
    const key = freshKey('mine')
    await deployed(b, { processKey: key, name: '自查', model: oneStepModel() })
    await addRole(b.hub.store, `mine_${key}`, ['datahub', 'datahub:topic'])
    const me = await person(b.hub.store, b.hub.app, `mine_${key}`, [`mine_${key}`])
    const mine = (p: Person) => b.ok<{ required: boolean }>(processes.roleApprovalMine, {}, p.token)

    await requireApproval(b, b.hub.store, `mine_${key}`, key)
    expect(await mine(me)).toEqual({ required: true })
    // A role without the switch (and no permission of the process screens): asked all the same.
    expect(await mine(reviewer)).toEqual({ required: false })

    const role = await b.hub.store.db.selectFrom('roles').select('id').where('role_code', '=', `mine_${key}`).executeTakeFirstOrThrow()
    await b.ok(processes.roleApprovalSave, { roleId: role.id, enabled: '0', processKey: key })
    expect(await mine(me)).toEqual({ required: false })
    // And the gate agrees: the same user's save is now applied, not submitted.
    const code = `topic.${key}`
    await b.ok(topic.topicCreate, { code, name: '自查主题' }, me.token)
    expect((await b.ok<{ code: string }[]>(topic.topicListAll, {})).map((x) => x.code)).toContain(code)
  })
})
