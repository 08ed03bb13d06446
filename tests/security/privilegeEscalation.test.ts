import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import * as roles from '../../src/shared/contract/platform/admin/roles'
import * as users from '../../src/shared/contract/platform/admin/users'
import { importEndpoints } from '../../src/shared/contract/platform/admin/transfer'
import type { Role } from '../../src/shared/contract/platform/admin/roles'
import { me } from '../../src/shared/contract/platform/session'
import type { SessionUser } from '../../src/shared/contract/platform/session'
import { ROLE_PERMISSION, USER_PERMISSION } from '../../src/shared/contract/platform/admin/permissions'
import { ADMIN_ROLE, roleId } from '../../src/hub/store/seed/roles'
import { openCallBench, refusal, type CallBench } from '../support/bench'
import { ADMIN_PASSWORD, addUser, postFile, signIn } from '../support/hub'
import { describeEachStore, storeTargets } from '../support/stores'
import { holdersOn } from './holders'

/**
 * Issue 21, finding #1: a delegated administration permission must not become the whole
 * administrator. Each attack of the probe, refused with a code, and the same calls still working
 * for an administrator and for a delegate who holds what the role carries.
 */
const targets = await storeTargets()
const PASSWORD = 'Deleg#Pass1'
const forbidden = { code: '4031', message: '不能授予或移除超出自己权限的角色或权限' }
const adminOnly = { code: '4031', message: '只有系统管理员可以执行此操作' }
const lastAdmin = { code: '4090', message: '必须至少保留一个有效的系统管理员' }

let serial = 0
const username = () => `u${Date.now().toString(36)}${(serial++).toString(36)}`

describeEachStore(targets, 'no escalation through delegated administration (issue 21 #1)', (target) => {
  let bench: CallBench
  let adminRoleId: string
  let adminId: string

  beforeAll(async () => {
    bench = await openCallBench(target)
    adminRoleId = (await roleId(bench.hub.store.db, ADMIN_ROLE))!
    adminId = (await bench.ok<SessionUser>(me)).id
  })
  afterAll(async () => bench?.close())

  /** Roles with exactly some codes, and signed-in users whose only role carries them. */
  const { roleWith, delegate } = holdersOn(() => bench, PASSWORD)
  const rolesOf = async (userId: string) => (await bench.ok<Role[]>(users.userListRoles, { userId })).map((r) => r.roleCode)
  const isAdmin = async (userId: string) => (await rolesOf(userId)).includes(ADMIN_ROLE)

  describe('with only platform:role', () => {
    it('cannot put itself into the administrator role', async () => {
      const d = await delegate([ROLE_PERMISSION])
      expect(refusal(await bench.send(roles.roleSaveRoleUser, { roleId: adminRoleId, userIds: [d.id] }, { token: d.token }))).toEqual(forbidden)
      expect(await isAdmin(d.id)).toBe(false)
      expect((await bench.send<SessionUser>(me, undefined, { token: d.token })).body.data?.roles).not.toContain(ADMIN_ROLE)
    })

    it('cannot strip the administrator of the administrator role', async () => {
      const d = await delegate([ROLE_PERMISSION])
      expect(refusal(await bench.send(roles.roleDeleteRoleUser, { roleId: adminRoleId, userIds: [adminId] }, { token: d.token }))).toEqual(forbidden)
      expect(await isAdmin(adminId)).toBe(true)
    })

    it('cannot write codes it lacks into its own role (or take away codes it lacks from another)', async () => {
      const d = await delegate([ROLE_PERMISSION])
      expect(refusal(await bench.send(roles.roleResAuthSave, { roleId: d.role.id, permissions: [ROLE_PERMISSION, USER_PERMISSION] }, { token: d.token }))).toEqual(forbidden)
      const other = await roleWith([USER_PERMISSION])
      expect(refusal(await bench.send(roles.roleResAuthSave, { roleId: other.id, permissions: [] }, { token: d.token }))).toEqual(forbidden)
      expect((await bench.ok<{ permissions: string[] }>(roles.roleResAuthGet, { roleId: d.role.id })).permissions).toEqual([ROLE_PERMISSION])
      expect((await bench.ok<{ permissions: string[] }>(roles.roleResAuthGet, { roleId: other.id })).permissions).toEqual([USER_PERMISSION])
    })

    it('cannot disable or delete a role carrying codes it lacks', async () => {
      const d = await delegate([ROLE_PERMISSION])
      const other = await roleWith([USER_PERMISSION])
      expect(refusal(await bench.send(roles.roleStatusUpdate, { id: other.id, status: '0' }, { token: d.token }))).toEqual(forbidden)
      expect(refusal(await bench.send(roles.roleDelete, { id: other.id }, { token: d.token }))).toEqual(forbidden)
      expect((await bench.ok<Role>(roles.roleDetail, { id: other.id })).status).toBe('1')
    })
  })

  describe('with only platform:user', () => {
    it('cannot give itself the administrator role, nor the administrator or butler flag', async () => {
      const d = await delegate([USER_PERMISSION])
      expect(refusal(await bench.send(users.userSetRoles, { userId: d.id, roleIds: [d.role.id, adminRoleId] }, { token: d.token }))).toEqual(forbidden)
      expect(refusal(await bench.send(users.employeeSetSysOrButler, { id: d.id, kind: 'sys', value: '1' }, { token: d.token }))).toEqual(adminOnly)
      expect(refusal(await bench.send(users.employeeSetSysOrButler, { id: d.id, kind: 'butler', value: '1' }, { token: d.token }))).toEqual(adminOnly)
      expect(await isAdmin(d.id)).toBe(false)
      expect(await bench.ok(users.employeeGetById, { id: d.id })).toMatchObject({ isSys: '0', isButler: '0' })
    })

    it("cannot reset the administrator's password, disable the administrator or edit the account", async () => {
      const d = await delegate([USER_PERMISSION])
      const reset = await bench.send<{ password: string | null }>(users.employeeResetPassword, { id: adminId }, { token: d.token })
      expect(refusal(reset)).toEqual(adminOnly)
      expect(reset.body.data).toBeNull()
      expect(refusal(await bench.send(users.employeeStatusUpdate, { id: adminId, status: '0' }, { token: d.token }))).toEqual(adminOnly)
      expect(refusal(await bench.send(users.employeeUpdate, { id: adminId, username: 'admin', nickName: 'x', canLogin: '0' }, { token: d.token }))).toEqual(adminOnly)
      // The administrator's own password still works, and the account is as it was.
      await signIn(bench.hub.app)
      expect(await bench.ok(users.employeeGetById, { id: adminId })).toMatchObject({ status: '1', canLogin: '1' })
    })

    it('cannot import itself into the administrator role', async () => {
      const d = await delegate([USER_PERMISSION])
      const me_ = (await bench.ok<{ username: string }>(users.employeeGetById, { id: d.id })).username
      const book = XLSX.utils.book_new()
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['username', 'roleCode'], [me_, ADMIN_ROLE]]), 'Sheet1')
      const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
      const answer = await postFile(bench.hub.app, importEndpoints.userRole, { name: 'ur.xlsx', bytes }, { token: d.token })
      expect(answer.body.code).toBe('4001')
      expect((answer.body.data as { fields: { path: string; key: string }[] }).fields).toEqual([expect.objectContaining({ path: '2.roleCode', key: 'msg_grant_beyond_own' })])
      expect(await isAdmin(d.id)).toBe(false)
    })
  })

  describe('what stays possible', () => {
    it('a delegate gives and takes a role whose permissions it holds', async () => {
      const d = await delegate([ROLE_PERMISSION, USER_PERMISSION])
      const within = await roleWith([USER_PERMISSION])
      const other = await addUser(bench.hub.store, { username: username(), password: PASSWORD, roles: [] })
      await bench.ok(roles.roleSaveRoleUser, { roleId: within.id, userIds: [other] }, d.token)
      expect(await rolesOf(other)).toEqual([within.roleCode])
      await bench.ok(roles.roleDeleteRoleUser, { roleId: within.id, userIds: [other] }, d.token)
      await bench.ok(users.userSetRoles, { userId: other, roleIds: [within.id] }, d.token)
      expect(await rolesOf(other)).toEqual([within.roleCode])
      await bench.ok(roles.roleResAuthSave, { roleId: within.id, permissions: [ROLE_PERMISSION, USER_PERMISSION] }, d.token)
    })

    it('an administrator does every one of these calls', async () => {
      const d = await delegate([USER_PERMISSION])
      await bench.ok(roles.roleSaveRoleUser, { roleId: adminRoleId, userIds: [d.id] })
      expect(await isAdmin(d.id)).toBe(true)
      await bench.ok(roles.roleDeleteRoleUser, { roleId: adminRoleId, userIds: [d.id] })
      await bench.ok(users.userSetRoles, { userId: d.id, roleIds: [d.role.id, adminRoleId] })
      expect(await bench.ok(users.employeeSetSysOrButler, { id: d.id, kind: 'butler', value: '1' })).toMatchObject({ isButler: '1' })
      expect(await bench.ok(users.employeeSetSysOrButler, { id: d.id, kind: 'sys', value: '0' })).toMatchObject({ isSys: '0' })
      expect(await bench.ok(users.employeeSetSysOrButler, { id: d.id, kind: 'sys', value: '1' })).toMatchObject({ isSys: '1' })
      // An administrator resets another administrator's password; the operator gets it once.
      const reset = await bench.ok<{ password: string | null }>(users.employeeResetPassword, { id: d.id })
      expect(reset.password).toEqual(expect.any(String))
      await bench.ok(users.employeeStatusUpdate, { id: d.id, status: '0' })
      await bench.ok(roles.roleResAuthSave, { roleId: d.role.id, permissions: [] })
    })
  })

  describe('an administrator always remains', () => {
    it('the built-in administrator role cannot be deleted, disabled or re-authorised', async () => {
      expect(refusal(await bench.send(roles.roleDelete, { id: adminRoleId }))).toEqual({ code: '4090', message: '内置角色不能删除、停用、修改编码或授权' })
      expect(refusal(await bench.send(roles.roleStatusUpdate, { id: adminRoleId, status: '0' }))).toMatchObject({ code: '4090' })
      expect(refusal(await bench.send(roles.roleResAuthSave, { roleId: adminRoleId, permissions: [] }))).toMatchObject({ code: '4090' })
    })

    it('the last active administrator cannot be taken out of the role, by anyone', async () => {
      // Only the bootstrap administrator is an active administrator here (the others are disabled).
      const others = await bench.ok<{ content: { id: string }[] }>(roles.roleGetRoleUsers, { roleId: adminRoleId, pageNum: 1, pageSize: 100 })
      for (const u of others.content.filter((u) => u.id !== adminId)) await bench.ok(roles.roleDeleteRoleUser, { roleId: adminRoleId, userIds: [u.id] })
      expect(refusal(await bench.send(roles.roleDeleteRoleUser, { roleId: adminRoleId, userIds: [adminId] }))).toEqual(lastAdmin)
      expect(await isAdmin(adminId)).toBe(true)

      // A second administrator may remove the first, and is then the last one.
      const second = username()
      const secondId = await addUser(bench.hub.store, { username: second, password: PASSWORD, roles: [ADMIN_ROLE] })
      const secondToken = await signIn(bench.hub.app, second, PASSWORD)
      await bench.ok(roles.roleDeleteRoleUser, { roleId: adminRoleId, userIds: [adminId] }, secondToken)
      expect(refusal(await bench.send(roles.roleDeleteRoleUser, { roleId: adminRoleId, userIds: [secondId] }, { token: secondToken }))).toEqual(lastAdmin)
      expect(refusal(await bench.send(users.userSetRoles, { userId: secondId, roleIds: [] }, { token: secondToken }))).toMatchObject({ code: '4090' })
      // Given back: the bootstrap administrator can still sign in and act.
      await bench.ok(roles.roleSaveRoleUser, { roleId: adminRoleId, userIds: [adminId] }, secondToken)
      await bench.ok(users.employeeStatusUpdate, { id: secondId, status: '0' }, await signIn(bench.hub.app, 'admin', ADMIN_PASSWORD))
      expect(refusal(await bench.send(roles.roleDeleteRoleUser, { roleId: adminRoleId, userIds: [adminId] }))).toEqual(lastAdmin)
    })

    it('two last administrators removing each other at the same moment: one of them stays', async () => {
      const [x, y] = [username(), username()]
      const ids = { x: await addUser(bench.hub.store, { username: x, password: PASSWORD, roles: [ADMIN_ROLE] }), y: await addUser(bench.hub.store, { username: y, password: PASSWORD, roles: [ADMIN_ROLE] }) }
      const tokens = { x: await signIn(bench.hub.app, x, PASSWORD), y: await signIn(bench.hub.app, y, PASSWORD) }
      // x and y are the only active administrators.
      await bench.ok(roles.roleDeleteRoleUser, { roleId: adminRoleId, userIds: [adminId] }, tokens.x)
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all([
          bench.send(roles.roleDeleteRoleUser, { roleId: adminRoleId, userIds: [ids.y] }, { token: tokens.x }),
          bench.send(roles.roleDeleteRoleUser, { roleId: adminRoleId, userIds: [ids.x] }, { token: tokens.y }),
        ])
        // The second is refused: as the last administrator (4090), or, when the first had already
        // committed before it was read, because its caller is no administrator any more (4031).
        const codes = answers.map((a) => a.body.code).sort()
        expect(codes[0]).toBe('2000')
        expect(['4031', '4090']).toContain(codes[1])
        const stayed = answers[0]!.body.code === '2000' ? 'x' : 'y'
        const left = stayed === 'x' ? 'y' : 'x'
        const holders = await bench.ok<{ content: { id: string }[] }>(roles.roleGetRoleUsers, { roleId: adminRoleId, pageNum: 1, pageSize: 100 }, tokens[stayed])
        expect(holders.content.map((u) => u.id).filter((id) => id === ids.x || id === ids.y)).toEqual([ids[stayed]])
        await bench.ok(roles.roleSaveRoleUser, { roleId: adminRoleId, userIds: [ids[left]] }, tokens[stayed])
      }
      await bench.ok(roles.roleSaveRoleUser, { roleId: adminRoleId, userIds: [adminId] }, tokens.x)
      for (const id of [ids.x, ids.y]) await bench.ok(roles.roleDeleteRoleUser, { roleId: adminRoleId, userIds: [id] })
    })
  })
})
