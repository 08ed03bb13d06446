import { afterAll, beforeAll, expect, it } from 'vitest'
import * as roles from '../../../src/shared/contract/platform/admin/roles'
import * as users from '../../../src/shared/contract/platform/admin/users'
import type { Role } from '../../../src/shared/contract/platform/admin/roles'
import type { Employee } from '../../../src/shared/contract/platform/admin/users'
import { menuList } from '../../../src/shared/contract/platform/startup'
import { myPermissions } from '../../../src/shared/contract/platform/startup'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, freshCode, freshLetters, openAdminBench, refusal, signInFirstTime, type AdminBench } from './support'

const targets = await storeTargets()
const PASSWORD = 'Emp#Pass12'

describeEachStore(targets, 'roles', (target) => {
  let bench: AdminBench
  beforeAll(async () => {
    bench = await openAdminBench(target)
  })
  afterAll(async () => bench?.close())

  const newRole = (overrides: Partial<{ roleCode: string; roleName: string; status: string }> = {}) =>
    bench.ok<Role>(roles.roleCreate, { roleCode: freshLetters(), roleName: '数据运维', ...overrides })
  const newUser = (overrides: Record<string, unknown> = {}) =>
    bench.ok<Employee>(users.employeeCreate, { username: freshCode('u'), nickName: '张三', password: PASSWORD, ...overrides })

  it('creates roles and lists them sorted by roleCode, a page at a time', async () => {
    const prefix = freshLetters('q')
    for (const c of ['c', 'a', 'b']) await newRole({ roleCode: `${prefix}${c}` })
    const page = await bench.ok<{ content: Role[]; totalElements: number }>(roles.roleQuery, { roleCode: prefix, pageNum: 1, pageSize: 2 })
    expect(page.totalElements).toBe(3)
    expect(page.content.map((r) => r.roleCode)).toEqual([`${prefix}a`, `${prefix}b`])
    const second = await bench.ok<{ content: Role[] }>(roles.roleQuery, { roleCode: prefix, pageNum: 2, pageSize: 2 })
    expect(second.content.map((r) => r.roleCode)).toEqual([`${prefix}c`])
    expect(page.content[0]).toMatchObject({ roleName: '数据运维', isSys: '0', status: '1' })
  })

  it('refuses a bad code and name with their messages, and a duplicate code', async () => {
    expect(fieldKeys(await bench.send(roles.roleCreate, { roleCode: 'ab1', roleName: 'x'.repeat(21) }))).toEqual({
      roleCode: 'msg_role_code_rule',
      roleName: 'msg_role_name_rule',
    })
    expect(fieldKeys(await bench.send(roles.roleCreate, { roleCode: '', roleName: '运维!' }))).toEqual({ roleCode: 'msg_role_code_required', roleName: 'msg_role_name_rule' })
    const role = await newRole()
    expect(refusal(await bench.send(roles.roleCreate, { roleCode: role.roleCode, roleName: 'Other' }))).toEqual({ code: '4090', message: '角色编码已存在' })
    const other = await newRole()
    expect(refusal(await bench.send(roles.roleUpdate, { ...other, roleCode: role.roleCode }, { locale: 'en' }))).toEqual({ code: '4090', message: 'The role code already exists' })
  })

  it('protects the built-in roles and answers 4040 for a missing one', async () => {
    const page = await bench.ok<{ content: Role[] }>(roles.roleQuery, { roleCode: 'admin' })
    const admin = page.content.find((r) => r.roleCode === 'admin')!
    expect(refusal(await bench.send(roles.roleDelete, { id: admin.id }))).toEqual({ code: '4090', message: '内置角色不能删除、停用、修改编码或授权' })
    expect((await bench.send(roles.roleStatusUpdate, { id: admin.id, status: '0' })).body.code).toBe('4090')
    expect((await bench.send(roles.roleResAuthSave, { roleId: admin.id, permissions: [] })).body.code).toBe('4090')
    expect(refusal(await bench.send(roles.roleDetail, { id: 'missing' }))).toEqual({ code: '4040', message: '角色不存在' })
    const role = await newRole()
    await bench.ok(roles.roleDelete, { id: role.id })
    expect((await bench.send(roles.roleDetail, { id: role.id })).body.code).toBe('4040')
  })

  it('gives a normal role to normal users only, and lists bound and unbound users', async () => {
    const role = await newRole()
    const alice = await newUser()
    const bob = await newUser({ status: '0' })
    const unbound = await bench.ok<{ content: { id: string }[] }>(roles.roleGetUnbindUsers, { roleId: role.id, pageSize: 1000 })
    expect(unbound.content.map((u) => u.id)).toContain(alice.id)
    expect(unbound.content.map((u) => u.id)).not.toContain(bob.id)
    expect(refusal(await bench.send(roles.roleSaveRoleUser, { roleId: role.id, userIds: [bob.id] }))).toEqual({ code: '4090', message: '只有正常状态的用户才能分配角色' })
    await bench.ok(roles.roleSaveRoleUser, { roleId: role.id, userIds: [alice.id] })
    const bound = await bench.ok<{ content: { id: string }[]; totalElements: number }>(roles.roleGetRoleUsers, { roleId: role.id })
    expect(bound).toMatchObject({ totalElements: 1, content: [{ id: alice.id }] })
    await bench.ok(roles.roleStatusUpdate, { id: role.id, status: '0' })
    const carol = await newUser()
    expect(refusal(await bench.send(roles.roleSaveRoleUser, { roleId: role.id, userIds: [carol.id] }))).toEqual({ code: '4090', message: '只有正常状态的角色才能分配用户' })
    await bench.ok(roles.roleDeleteRoleUser, { roleId: role.id, userIds: [alice.id] })
    expect((await bench.ok<{ totalElements: number }>(roles.roleGetRoleUsers, { roleId: role.id })).totalElements).toBe(0)
  })

  it('authorises a role with menus: its users then see only those menus and get only those codes', async () => {
    const role = await newRole()
    const auth = await bench.ok<{ menus: { permission: string | null }[]; permissions: string[] }>(roles.roleResAuthGet, { roleId: role.id })
    expect(auth.permissions).toEqual([])
    expect(auth.menus.map((m) => m.permission)).toEqual(expect.arrayContaining(['home', 'datahub', 'platform']))
    const granted = ['platform', 'platform:people', 'platform:role']
    expect(await bench.ok(roles.roleResAuthSave, { roleId: role.id, permissions: [...granted, 'platform:role'] })).toEqual({ permissions: [...granted].sort() })
    expect(fieldKeys(await bench.send(roles.roleResAuthSave, { roleId: role.id, permissions: ['nope:nothing'] }))).toEqual({ permissions: 'msg_permission_unknown' })
    const user = await newUser()
    await bench.ok(roles.roleSaveRoleUser, { roleId: role.id, userIds: [user.id] })
    const token = await signInFirstTime(bench.hub.app, user.username, PASSWORD)
    expect(await bench.ok(myPermissions, undefined, token)).toEqual([...granted].sort())
    const menus = await bench.ok<{ permission: string; children: { permission: string; children: { permission: string }[] }[] }[]>(menuList, undefined, token)
    expect(menus.map((m) => m.permission)).toEqual(['platform'])
    expect(menus[0]!.children.map((c) => c.permission)).toEqual(['platform:people'])
    expect(menus[0]!.children[0]!.children.map((c) => c.permission)).toEqual(['platform:role'])
    // The role page's calls work for that user; the user page's do not.
    expect((await bench.send(roles.roleQuery, {}, { token })).body.code).toBe('2000')
    expect(refusal(await bench.send(users.employeeQuery, {}, { token }))).toEqual({ code: '4031', message: '权限不足' })
  })

  it('answers the organisation tree for a role', async () => {
    const role = await newRole()
    expect(Array.isArray(await bench.ok(roles.roleGetOrgTree, { roleId: role.id }))).toBe(true)
  })
})
