import * as roles from '../../src/shared/contract/platform/admin/roles'
import * as users from '../../src/shared/contract/platform/admin/users'
import type { Role } from '../../src/shared/contract/platform/admin/roles'
import type { CallBench } from '../support/bench'
import { addUser, signIn } from '../support/hub'
import { freshLetters } from '../integration/admin/support'

let serial = 0

/**
 * The security tests' holders of some codes, made by the administrator of the bench (asked for
 * when used: suites open theirs in beforeAll): a role that carries exactly `codes`, and a
 * signed-in user whose only role it is.
 */
export function holdersOn(benchOf: () => CallBench, password: string, prefix = 'u') {
  const roleWith = async (codes: readonly string[]): Promise<Role> => {
    const bench = benchOf()
    const role = await bench.ok<Role>(roles.roleCreate, { roleCode: freshLetters('r'), roleName: '委派' })
    await bench.ok(roles.roleResAuthSave, { roleId: role.id, permissions: codes })
    return role
  }
  const delegate = async (codes: readonly string[]) => {
    const bench = benchOf()
    const role = await roleWith(codes)
    const username = `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`
    const id = await addUser(bench.hub.store, { username, password, roles: [] })
    await bench.ok(users.userSetRoles, { userId: id, roleIds: [role.id] })
    return { id, username, role, token: await signIn(bench.hub.app, username, password) }
  }
  return { roleWith, delegate }
}
