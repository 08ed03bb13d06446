import { afterAll, beforeAll, expect, it } from 'vitest'
import * as processes from '../../../src/shared/contract/approvals/processes'
import type { Deployment, ProcessDetail, ProcessInput } from '../../../src/shared/contract/approvals/processes'
import * as types from '../../../src/shared/contract/approvals/processTypes'
import type { ProcessType, ProcessVariable } from '../../../src/shared/contract/approvals/processTypes'
import * as workbench from '../../../src/shared/contract/approvals/workbench'
import { readBpmnXml } from '../../../src/hub/approvals/bpmn/read'
import { openCallBench, fieldKeys, refusal, type CallBench } from '../../support/bench'
import { addUser } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { addRole, freshKey, oneStepModel, PASSWORD, twoStepModel, WORKBENCH } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'process definitions', (target) => {
  let b: CallBench
  beforeAll(async () => {
    b = await openCallBench(target)
    // The approvers the models name: the hub refuses a definition naming a role or user that does not exist.
    await addRole(b.hub.store, 'reviewer', WORKBENCH)
    await addUser(b.hub.store, { username: 'boss', password: PASSWORD, roles: [] })
  })
  afterAll(async () => b?.close())

  const messageOf = async (input: unknown) => {
    const answer = await b.send(processes.processAdd, input)
    const fields = (answer.body.data as { fields: { path: string; key: string; message: string }[] }).fields
    return Object.fromEntries(fields.map((f) => [f.path, f.message]))
  }

  it('refuses a definition without process key, name, node list, link list or role, with the spec\'s messages', async () => {
    const model = oneStepModel()
    expect(await messageOf({ name: 'x', model })).toEqual({ processKey: '流程标识不能为空' })
    expect(await messageOf({ processKey: freshKey(), name: ' ', model })).toEqual({ name: '流程名称不能为空' })
    expect(await messageOf({ processKey: freshKey(), name: 'x', model: { links: model.links } })).toEqual({ 'model.nodes': '流程节点列表不能为空' })
    expect(await messageOf({ processKey: freshKey(), name: 'x', model: { nodes: model.nodes, links: [] } })).toEqual({ 'model.links': '流程连线列表不能为空' })
    const noRole = { ...model, nodes: model.nodes.map((n) => (n.type === 'approval' ? { ...n, assignee: { kind: 'role', roles: [] } } : n)) }
    expect(await messageOf({ processKey: freshKey(), name: 'x', model: noRole })).toEqual({ 'model.nodes.1.assignee.roles': '审批节点的角色不能为空' })
    const en = await b.send(processes.processAdd, { name: 'x', model }, { locale: 'en' })
    expect((en.body.data as { fields: { message: string }[] }).fields[0]!.message).toBe('The process key is required')
    expect(fieldKeys(await b.send(workbench.taskApprove, {}))).toEqual({ taskId: 'msg_process_task_id_missing' })
    expect(fieldKeys(await b.send(workbench.taskReject, { comment: 'x' }))).toEqual({ taskId: 'msg_process_task_id_missing' })
  })

  it('checks the graph: one start, an end, links between existing nodes, a default out of each condition', async () => {
    const model = twoStepModel(['boss'])
    const noDefault = { ...model, links: model.links.map((l) => (l.id === 'small' ? { ...l, isDefault: false, condition: { variable: 'changeSize', operator: 'le', value: 1 } } : l)) }
    expect(fieldKeys(await b.send(processes.processAdd, { processKey: freshKey(), name: 'x', model: noDefault }))).toEqual({ 'model.nodes.2': 'msg_process_default_count' })
    const dangling = { ...model, links: [...model.links, { id: 'l9', source: 'boss', target: 'nowhere' }] }
    expect(fieldKeys(await b.send(processes.processAdd, { processKey: freshKey(), name: 'x', model: dangling }))).toMatchObject({ 'model.links.5.target': 'msg_process_link_node_missing' })
  })

  it('stores BPMN 2.0 XML that a modeler reads back: user tasks, the gateway, the conditions and the diagram', async () => {
    const processKey = freshKey('bpmn')
    const detail = await b.ok<ProcessDetail>(processes.processAdd, { processKey, name: '两级审批', model: twoStepModel(['boss']) })
    const { elements, warnings } = await readBpmnXml(detail.bpmnXml)
    expect(warnings).toEqual([])
    expect(elements).toEqual(
      expect.arrayContaining(['bpmn:StartEvent:start', 'bpmn:UserTask:review', 'bpmn:ExclusiveGateway:size', 'bpmn:UserTask:boss', 'bpmn:EndEvent:end', 'bpmn:SequenceFlow:big']),
    )
    expect(detail.bpmnXml).toContain('<bpmndi:BPMNShape id="review_di"')
    expect(detail.bpmnXml).toContain('role:reviewer')
    expect(detail).toMatchObject({ deployedVersion: null, changedSinceDeploy: true })
  })

  it('deploys numbered versions per key, copies a definition as an editable draft, and guards deletion', async () => {
    const processKey = freshKey('deploy')
    const first = await b.ok<ProcessDetail>(processes.processAdd, { processKey, name: '部署', model: oneStepModel() })
    const v1 = await b.ok<Deployment>(processes.processDeploy, { id: first.id, version: first.version })
    expect(refusal(await b.send(processes.processDeploy, { id: first.id, version: first.version + 1 })).code).toBe('4090')
    expect(refusal(await b.send(processes.processUpdate, { id: first.id, version: first.version, processKey: `${processKey}x`, name: '部署', model: oneStepModel() }))).toEqual({ code: '4090', message: '流程标识保存后不能修改' })
    const second = await b.ok<ProcessDetail>(processes.processUpdate, { id: first.id, version: first.version, processKey, name: '部署二', model: twoStepModel(['boss']) })
    expect(second).toMatchObject({ deployedVersion: 1, changedSinceDeploy: true })
    const v2 = await b.ok<Deployment>(processes.processDeploy, { id: first.id, version: second.version })
    expect([v1.deployVersion, v2.deployVersion]).toEqual([1, 2])
    expect((await b.ok<Deployment[]>(processes.processDeployments, { processKey })).map((d) => [d.deployVersion, d.name])).toEqual([
      [2, '部署二'],
      [1, '部署'],
    ])
    expect((await b.ok<ProcessDetail>(processes.processDetail, { id: first.id })).changedSinceDeploy).toBe(false)

    const draft = await b.ok<ProcessInput>(processes.processCopy, { id: first.id })
    expect(draft).toMatchObject({ processKey: `${processKey}_copy`, name: '部署二（副本）' })
    const copy = await b.ok<ProcessDetail>(processes.processAdd, draft)
    const edited = await b.ok<ProcessDetail>(processes.processUpdate, { ...draft, id: copy.id, version: copy.version, name: '改过的副本', model: oneStepModel() })
    expect(edited).toMatchObject({ name: '改过的副本', deployedVersion: null })
    expect((await b.ok<ProcessDetail>(processes.processDetail, { id: first.id })).name).toBe('部署二')

    const role = await b.hub.store.db.selectFrom('roles').select('id').where('role_code', '=', 'user').executeTakeFirstOrThrow()
    expect(refusal(await b.send(processes.roleApprovalSave, { roleId: role.id, enabled: '1', processKey: edited.processKey }))).toEqual({ code: '4090', message: '流程尚未部署' })
    await b.ok(processes.roleApprovalSave, { roleId: role.id, enabled: '1', processKey })
    expect(refusal(await b.send(processes.processDelete, { id: first.id })).message).toBe('流程正被角色的变更审批使用，不能删除')
    await b.ok(processes.roleApprovalSave, { roleId: role.id, enabled: '0', processKey })
    await b.ok(processes.processDelete, { id: first.id })
    // Its deployed versions stay for the instances on them.
    expect((await b.ok<Deployment[]>(processes.processDeployments, { processKey })).length).toBe(2)
  })

  it('keeps process types and lists the variables conditions may use', async () => {
    const type = await b.ok<ProcessType>(types.processTypeCreate, { code: freshKey('t'), name: '配置变更' })
    expect(refusal(await b.send(types.processTypeCreate, { code: type.code, name: 'again' })).code).toBe('4090')
    expect(fieldKeys(await b.send(types.processTypeCreate, { name: 'x' }))).toEqual({ code: 'msg_process_type_code_missing' })
    const p = await b.ok<ProcessDetail>(processes.processAdd, { processKey: freshKey(), name: '有分类', typeId: type.id, model: oneStepModel() })
    expect(p.typeName).toBe('配置变更')
    expect(refusal(await b.send(types.processTypeDelete, { id: type.id })).code).toBe('4090')
    const updated = await b.ok<ProcessType>(types.processTypeUpdate, { id: type.id, version: type.version, code: type.code, name: '变更', sort: 3 })
    expect(updated).toMatchObject({ name: '变更', sort: 3, version: type.version + 1 })
    const variables = await b.ok<ProcessVariable[]>(types.processVariableList, {})
    expect(variables.map((v) => v.code)).toEqual(['objectType', 'action', 'application', 'organisation', 'changeSize', 'submitter'])
    expect(variables[0]).toMatchObject({ name: '变更对象类型', type: 'enum', options: expect.arrayContaining(['topic', 'consumer', 'datasource']) })
  })
})
