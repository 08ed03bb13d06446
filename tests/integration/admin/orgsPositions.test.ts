import { afterAll, beforeAll, expect, it } from 'vitest'
import * as orgs from '../../../src/shared/contract/platform/admin/orgs'
import * as positions from '../../../src/shared/contract/platform/admin/positions'
import type { TreeNode } from '../../../src/shared/contract/platform/admin/common'
import type { Org } from '../../../src/shared/contract/platform/admin/orgs'
import type { Position } from '../../../src/shared/contract/platform/admin/positions'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, freshCode, openAdminBench, refusal, type AdminBench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'organisations and positions', (target) => {
  let bench: AdminBench
  beforeAll(async () => {
    bench = await openAdminBench(target)
  })
  afterAll(async () => bench?.close())

  const newOrg = (overrides: Record<string, unknown> = {}) => bench.ok<Org>(orgs.orgCreate, { orgCode: freshCode('o'), orgName: '总部', ...overrides })
  const newPosition = (overrides: Record<string, unknown> = {}) => bench.ok<Position>(positions.positionCreate, { code: freshCode('p'), name: '经理', ...overrides })

  it('checks position code, name and sequence 0-99, and refuses a duplicate code', async () => {
    expect(fieldKeys(await bench.send(positions.positionCreate, { code: 'a-b', name: 'x'.repeat(21), sequence: 100 }))).toEqual({
      code: 'msg_position_code_rule',
      name: 'msg_position_name_rule',
      sequence: 'msg_position_sequence_rule',
    })
    expect(fieldKeys(await bench.send(positions.positionCreate, { code: '', name: '经理', sequence: -1 }))).toEqual({ code: 'msg_position_code_required', sequence: 'msg_position_sequence_rule' })
    const p = await newPosition({ sequence: 99 })
    expect(p.sequence).toBe(99)
    expect(refusal(await bench.send(positions.positionCreate, { code: p.code, name: '副经理' }))).toEqual({ code: '4090', message: '岗位编码已存在' })
    expect(refusal(await bench.send(positions.positionDetail, { id: 'missing' }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The position does not exist' })
  })

  it('builds a tree with the keyword filter keeping the path to each match', async () => {
    const root = await newOrg({ orgName: '集团' })
    const branch = await newOrg({ orgName: '华东分公司', parentId: root.id })
    const leaf = await newOrg({ orgName: '上海研发部', parentId: branch.id, orgType: '3' })
    await newOrg({ orgName: '华北分公司', parentId: root.id })
    const filtered = await bench.ok<TreeNode[]>(orgs.orgListTree, { orgName: '研发' })
    const mine = filtered.find((n) => n.id === root.id)!
    expect(mine.children.map((c) => c.name)).toEqual(['华东分公司'])
    expect(mine.children[0]!.children.map((c) => c.id)).toEqual([leaf.id])
    const projects = await bench.ok<TreeNode[]>(orgs.projectListTree)
    expect(projects.find((n) => n.id === root.id)?.children[0]?.children[0]?.id).toBe(leaf.id)
    expect((await bench.ok<Org[]>(orgs.orgListByParentId, { parentId: root.id })).map((o) => o.orgName).sort()).toEqual(['华东分公司', '华北分公司'].sort())
    expect((await bench.ok<Org>(orgs.orgByCode, { orgCode: leaf.orgCode })).parentName).toBe('华东分公司')
  })

  it('keeps the parent / child status rule both ways and refuses a parent below itself', async () => {
    const parent = await newOrg()
    const child = await newOrg({ parentId: parent.id })
    expect(refusal(await bench.send(orgs.orgUpdate, { ...parent, status: '0' }))).toEqual({ code: '4090', message: '存在状态正常的下级，不能设为异常' })
    await bench.ok(orgs.orgUpdate, { ...child, status: '0' })
    await bench.ok(orgs.orgUpdate, { ...parent, status: '0' })
    expect(refusal(await bench.send(orgs.orgUpdate, { ...child, status: '1' }))).toEqual({ code: '4090', message: '上级状态异常，不能设为正常' })
    expect(refusal(await bench.send(orgs.orgCreate, { orgCode: freshCode('o'), orgName: '新部门', parentId: parent.id }))).toEqual({ code: '4090', message: '上级状态异常，不能设为正常' })
    expect(refusal(await bench.send(orgs.orgUpdate, { ...parent, status: '0', parentId: child.id }))).toEqual({ code: '4090', message: '上级不存在，或是自己及自己的下级' })
    const p1 = await newPosition({ status: '0' })
    expect(refusal(await bench.send(positions.positionCreate, { code: freshCode('p'), name: '助理', parentId: p1.id }))).toEqual({ code: '4090', message: '上级状态异常，不能设为正常' })
  })

  it('refuses to delete a root and deletes a branch whole', async () => {
    const root = await newOrg()
    const mid = await newOrg({ parentId: root.id })
    const leaf = await newOrg({ parentId: mid.id })
    expect(refusal(await bench.send(orgs.orgDelete, { id: root.id }))).toEqual({ code: '4090', message: '根节点不能删除' })
    expect(refusal(await bench.send(orgs.orgCreate, { orgCode: root.orgCode, orgName: '重复' }))).toEqual({ code: '4090', message: '组织编码已存在' })
    await bench.ok(orgs.orgDelete, { id: mid.id })
    expect((await bench.send(orgs.orgById, { id: leaf.id })).body.code).toBe('4040')
    expect((await bench.send(orgs.orgById, { id: root.id })).body.code).toBe('2000')
  })

  it('binds positions to organisations, lists them by organisation code, and unbinds', async () => {
    const org = await newOrg()
    const lead = await newPosition({ name: '主管', sequence: 1 })
    const clerk = await newPosition({ name: '文员', sequence: 2, parentId: lead.id })
    await bench.ok(orgs.orgBindPosition, { orgId: org.id, positionIds: [lead.id, clerk.id] })
    expect((await bench.ok<Position[]>(positions.positionListByOrgCode, { orgCode: org.orgCode })).map((p) => p.name)).toEqual(['主管', '文员'])
    const page = await bench.ok<{ content: Position[]; totalElements: number }>(positions.positionList, { orgCodes: org.orgCode })
    expect(page.totalElements).toBe(2)
    expect(page.content[1]).toMatchObject({ parentName: '主管', orgCodes: [org.orgCode] })
    const tree = await bench.ok<TreeNode[]>(positions.positionByOrgCodes, { orgCodes: [org.orgCode] })
    expect(tree.map((n) => n.name)).toEqual(['主管'])
    expect(tree[0]!.children.map((n) => n.name)).toEqual(['文员'])
    await bench.ok(orgs.orgUnbindPosition, { orgId: org.id, positionId: clerk.id })
    expect((await bench.ok<Position[]>(positions.positionListByOrgCode, { orgCode: org.orgCode })).map((p) => p.name)).toEqual(['主管'])
    await bench.ok(positions.positionDelete, { id: lead.id })
    expect((await bench.ok<Position>(positions.positionDetail, { id: clerk.id })).parentId).toBe('')
  })
})
