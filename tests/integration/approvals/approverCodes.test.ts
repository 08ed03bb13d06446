import { afterAll, beforeAll, expect, it } from 'vitest'
import * as processes from '../../../src/shared/contract/approvals/processes'
import type { Deployment, ProcessDetail } from '../../../src/shared/contract/approvals/processes'
import type { Assignee, ProcessModel } from '../../../src/shared/rules/approvals/process'
import { positionCreate, positionDelete, type Position } from '../../../src/shared/contract/platform/admin/positions'
import { approvalsDb } from '../../../src/hub/approvals/tables'
import { openCallBench, fieldKeys, refusal, type CallBench } from '../../support/bench'
import { addUser } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { addRole, freshKey, oneStepModel, PASSWORD, WORKBENCH } from './support'

const targets = await storeTargets()

/** start → 审核 (approved by `assignee`) → end. */
function approvedBy(assignee: Partial<Assignee> & Pick<Assignee, 'kind'>): ProcessModel {
  const model = oneStepModel()
  return { ...model, nodes: model.nodes.map((n) => (n.type === 'approval' ? { ...n, assignee: { roles: [], positions: [], users: [], ...assignee } } : n)) }
}

describeEachStore(targets, 'approvers a definition names', (target) => {
  let b: CallBench
  let lead: Position
  beforeAll(async () => {
    b = await openCallBench(target)
    await addRole(b.hub.store, 'reviewer', WORKBENCH)
    await addUser(b.hub.store, { username: 'Lead.Wang', password: PASSWORD, roles: [] })
    lead = await b.ok<Position>(positionCreate, { code: 'LEAD', name: '主管' })
  })
  afterAll(async () => b?.close())

  const saved = async (processKey: string) => (await approvalsDb(b.hub.store.db).selectFrom('wf_processes').select('id').where('process_key', '=', processKey).execute()).length

  it("names a draft's role codes, position codes and usernames (any case) for the designer's canvas, leaving out what names nothing", async () => {
    const names = await b.ok<{ role: Record<string, string>; position: Record<string, string>; users: Record<string, string> }>(processes.processApproverNames, {
      role: ['reviewer', 'ghost_role'],
      position: ['LEAD', 'GHOST'],
      users: ['lead.wang', 'nobody'],
    })
    const role = (await b.hub.store.db.selectFrom('roles').select('role_name').where('role_code', '=', 'reviewer').executeTakeFirstOrThrow()).role_name
    const user = (await b.hub.store.db.selectFrom('users').select('name').where('username', '=', 'Lead.Wang').executeTakeFirstOrThrow()).name
    expect(names).toEqual({ role: { reviewer: role }, position: { LEAD: '主管' }, users: { 'lead.wang': user || 'Lead.Wang' } })
  })

  it('refuses a position code, username or role code that does not exist, naming the node and the code, and saves nothing', async () => {
    const cases = [
      { assignee: { kind: 'position', positions: ['LEAD', 'GHOST'] }, path: 'model.nodes.1.assignee.positions.1', key: 'msg_process_position_not_found', message: '审批节点“审核”的岗位编码不存在：GHOST，该节点将找不到审批人' },
      { assignee: { kind: 'users', users: ['nobody', 'lead.wang', 'nobody2'] }, path: 'model.nodes.1.assignee.users.0', key: 'msg_process_user_not_found', message: '审批节点“审核”的用户名不存在：nobody, nobody2，该节点将找不到审批人' },
      { assignee: { kind: 'role', roles: ['ghost_role', 'reviewer'] }, path: 'model.nodes.1.assignee.roles.0', key: 'msg_process_role_not_found', message: '审批节点“审核”的角色不存在：ghost_role，该节点将找不到审批人' },
    ] satisfies { assignee: Partial<Assignee> & Pick<Assignee, 'kind'>; path: string; key: string; message: string }[]
    for (const c of cases) {
      const processKey = freshKey('unknown')
      const answer = await b.send(processes.processAdd, { processKey, name: '未知审批人', model: approvedBy(c.assignee) })
      expect(refusal(answer)).toEqual({ code: '4001', message: c.message })
      expect(fieldKeys(answer)).toMatchObject({ [c.path]: c.key })
      expect(await saved(processKey)).toBe(0)
    }
    const en = await b.send(processes.processAdd, { processKey: freshKey(), name: 'x', model: approvedBy({ kind: 'position', positions: ['GHOST'] }) }, { locale: 'en' })
    expect(en.body.message).toBe('Approval node "审核" names a position code that does not exist: GHOST; the node would find no approver')
  })

  it('saves approvers that exist (usernames in any case), and refuses an update or a deploy once one is gone', async () => {
    const processKey = freshKey('known')
    const known = approvedBy({ kind: 'position', positions: ['LEAD'] })
    const detail = await b.ok<ProcessDetail>(processes.processAdd, { processKey, name: '已知审批人', model: known })
    expect(detail.model.nodes[1]!.assignee).toMatchObject({ kind: 'position', positions: ['LEAD'] })
    const byUser = await b.ok<ProcessDetail>(processes.processUpdate, { id: detail.id, version: detail.version, processKey, name: '已知审批人', model: approvedBy({ kind: 'users', users: ['LEAD.WANG'] }) })
    const byRole = await b.ok<ProcessDetail>(processes.processUpdate, { id: detail.id, version: byUser.version, processKey, name: '已知审批人', model: approvedBy({ kind: 'role', roles: ['reviewer'] }) })
    // Only the list of the node's kind is read: a stale one the designer kept is not judged.
    const stale = approvedBy({ kind: 'position', positions: ['LEAD'], users: ['nobody'] })
    const back = await b.ok<ProcessDetail>(processes.processUpdate, { id: detail.id, version: byRole.version, processKey, name: '已知审批人', model: stale })

    const refused = await b.send(processes.processUpdate, { id: detail.id, version: back.version, processKey, name: '改坏', model: approvedBy({ kind: 'users', users: ['nobody'] }) })
    expect(refused.body.code).toBe('4001')
    expect((await b.ok<ProcessDetail>(processes.processDetail, { id: detail.id })).name).toBe('已知审批人')

    // The position is deleted after the save: deploying the definition naming it is refused.
    await b.ok(positionDelete, { id: lead.id })
    const deploy = await b.send(processes.processDeploy, { id: detail.id, version: back.version })
    expect(refusal(deploy)).toEqual({ code: '4001', message: '审批节点“审核”的岗位编码不存在：LEAD，该节点将找不到审批人' })
    expect(await b.ok<Deployment[]>(processes.processDeployments, { processKey })).toEqual([])
  })
})
