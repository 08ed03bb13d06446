import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import * as roles from '../../src/shared/contract/platform/admin/roles'
import * as users from '../../src/shared/contract/platform/admin/users'
import { importEndpoints } from '../../src/shared/contract/platform/admin/transfer'
import type { Role } from '../../src/shared/contract/platform/admin/roles'
import { login } from '../../src/shared/contract/platform/session'
import { ROLE_PERMISSION, USER_PERMISSION } from '../../src/shared/contract/platform/admin/permissions'
import { openCallBench, refusal, type CallBench } from '../support/bench'
import { addUser, call, postFile, signIn } from '../support/hub'
import { describeEachStore, storeTargets } from '../support/stores'
import { freshLetters } from '../integration/admin/support'

/**
 * Issue 31, finding #6: `platform:user` reset the password of a user holding `platform:role`
 * and more, then signed in as them. A user-management holder acts (password, status, details,
 * roles) only on users whose permissions it holds all of; administrators only by administrators.
 */
const targets = await storeTargets()
const PASSWORD = 'Deleg#Pass1'
const CHOSEN = 'Chosen#Pass2'
const beyond = { code: '4031', message: '不能操作拥有超出自己权限的用户' }

let serial = 0
const username = () => `s${Date.now().toString(36)}${(serial++).toString(36)}`

describeEachStore(targets, 'user management acts only on users within its own permissions (issue 31 #6)', (target) => {
  let bench: CallBench

  beforeAll(async () => {
    bench = await openCallBench(target)
  })
  afterAll(async () => bench?.close())

  const roleWith = async (codes: string[]): Promise<Role> => {
    const role = await bench.ok<Role>(roles.roleCreate, { roleCode: freshLetters('s'), roleName: '委派' })
    await bench.ok(roles.roleResAuthSave, { roleId: role.id, permissions: codes })
    return role
  }
  /** A user whose only role carries `codes`, signed in when asked. */
  const holder = async (codes: string[]) => {
    const role = await roleWith(codes)
    const name = username()
    const id = await addUser(bench.hub.store, { username: name, password: PASSWORD, roles: [] })
    if (codes.length) await bench.ok(users.userSetRoles, { userId: id, roleIds: [role.id] })
    return { id, name, role, token: () => signIn(bench.hub.app, name, PASSWORD) }
  }
  const signsIn = async (name: string, password: string) => (await call<{ token?: string }>(bench.hub.app, login, { username: name, password })).body.code === '2000'

  it("cannot reset a richer user's password and sign in as them", async () => {
    const attacker = await holder([USER_PERMISSION])
    const richer = await holder([USER_PERMISSION, ROLE_PERMISSION])
    const token = await attacker.token()
    const reset = await bench.send<{ password: string | null }>(users.employeeResetPassword, { id: richer.id, password: CHOSEN }, { token })
    expect(refusal(reset)).toEqual(beyond)
    expect(reset.body.data).toBeNull()
    const generated = await bench.send<{ password: string | null }>(users.employeeResetPassword, { id: richer.id }, { token })
    expect(refusal(generated)).toEqual(beyond)
    // The password is the one it was: the chosen one signs nobody in.
    expect(await signsIn(richer.name, CHOSEN)).toBe(false)
    expect(await signsIn(richer.name, PASSWORD)).toBe(true)
  })

  it('cannot disable, edit or change the roles of a richer user', async () => {
    const attacker = await holder([USER_PERMISSION])
    const richer = await holder([USER_PERMISSION, ROLE_PERMISSION])
    const token = await attacker.token()
    expect(refusal(await bench.send(users.employeeStatusUpdate, { id: richer.id, status: '0' }, { token }))).toEqual(beyond)
    expect(refusal(await bench.send(users.employeeUpdate, { id: richer.id, username: richer.name, nickName: 'x', canLogin: '0' }, { token }))).toEqual(beyond)
    // Giving it the attacker's own role (within the attacker's codes) still acts on the richer user.
    expect(refusal(await bench.send(users.userSetRoles, { userId: richer.id, roleIds: [richer.role.id, attacker.role.id] }, { token }))).toEqual(beyond)
    expect(await bench.ok(users.employeeGetById, { id: richer.id })).toMatchObject({ status: '1', canLogin: '1', nickName: richer.name })
    expect((await bench.ok<Role[]>(users.userListRoles, { userId: richer.id })).map((r) => r.id)).toEqual([richer.role.id])
  })

  it('with platform:role too, cannot take a role it holds away from a richer user, nor give one', async () => {
    const attacker = await holder([USER_PERMISSION, ROLE_PERMISSION])
    const richer = await holder([USER_PERMISSION, ROLE_PERMISSION, 'platform:org'])
    const within = await roleWith([USER_PERMISSION])
    await bench.ok(roles.roleSaveRoleUser, { roleId: within.id, userIds: [richer.id] })
    const token = await attacker.token()
    expect(refusal(await bench.send(roles.roleDeleteRoleUser, { roleId: within.id, userIds: [richer.id] }, { token }))).toEqual(beyond)
    expect(refusal(await bench.send(roles.roleSaveRoleUser, { roleId: attacker.role.id, userIds: [richer.id] }, { token }))).toEqual(beyond)
    expect((await bench.ok<Role[]>(users.userListRoles, { userId: richer.id })).map((r) => r.id).sort()).toEqual([richer.role.id, within.id].sort())
  })

  it('cannot import a role onto a richer user', async () => {
    const attacker = await holder([USER_PERMISSION])
    const richer = await holder([USER_PERMISSION, ROLE_PERMISSION])
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['username', 'roleCode'], [richer.name, attacker.role.roleCode]]), 'Sheet1')
    const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
    const answer = await postFile(bench.hub.app, importEndpoints.userRole, { name: 'ur.xlsx', bytes }, { token: await attacker.token() })
    expect(answer.body.code).toBe('4001')
    expect((answer.body.data as { fields: { path: string; key: string }[] }).fields).toEqual([expect.objectContaining({ path: '2.username', key: 'msg_user_beyond_own' })])
    expect((await bench.ok<Role[]>(users.userListRoles, { userId: richer.id })).map((r) => r.id)).toEqual([richer.role.id])
  })

  describe('what stays possible', () => {
    it("a platform:user holder resets a poorer user's password, who signs in with it", async () => {
      const manager = await holder([USER_PERMISSION, ROLE_PERMISSION])
      const poorer = await holder([USER_PERMISSION])
      const token = await manager.token()
      expect(await bench.ok(users.employeeResetPassword, { id: poorer.id, password: CHOSEN }, token)).toEqual({ password: null })
      expect(await signsIn(poorer.name, CHOSEN)).toBe(true)
      expect(await signsIn(poorer.name, PASSWORD)).toBe(false)
      // A user with no role at all, and an equal one, are within its codes too.
      const none = await holder([])
      await bench.ok(users.employeeStatusUpdate, { id: none.id, status: '0' }, token)
      const equal = await holder([USER_PERMISSION, ROLE_PERMISSION])
      await bench.ok(users.employeeUpdate, { id: equal.id, username: equal.name, nickName: 'y', canLogin: '1' }, token)
      await bench.ok(roles.roleSaveRoleUser, { roleId: manager.role.id, userIds: [poorer.id] }, token)
    })

    it("the administrator resets anyone's password", async () => {
      const richer = await holder([USER_PERMISSION, ROLE_PERMISSION, 'platform:org'])
      await bench.ok(users.employeeResetPassword, { id: richer.id, password: CHOSEN })
      expect(await signsIn(richer.name, CHOSEN)).toBe(true)
    })
  })
})
