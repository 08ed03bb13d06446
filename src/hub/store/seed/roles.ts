import type { Kysely } from 'kysely'
import { allEndpoints } from '../../../shared/contract'
import { isoNow, seedId } from '../ids'
import type { HubDatabase } from '../schema'
import { HOME_PERMISSION, menuPermissions, menuTree, USER_CENTRE_PERMISSION, WORKBENCH_PERMISSION, WORKFLOW_PERMISSION } from './menuTree'

export const ADMIN_ROLE = 'admin'
export const USER_ROLE = 'user'

/** Every permission code the hub knows: the menu's and the contract's. */
export function allPermissionCodes(): string[] {
  const fromEndpoints = allEndpoints.flatMap((e) => (e.permission ? [e.permission] : []))
  return [...new Set([...menuPermissions(), ...fromEndpoints])].sort()
}

/**
 * A normal user gets the home page, the user centre and the workbench: changing one's own
 * password and settings, or deciding an approval task one is given, is not an administrative power.
 */
function userRolePermissions(): string[] {
  const centre = menuTree.find((m) => m.permission === USER_CENTRE_PERMISSION)
  return [HOME_PERMISSION, ...menuPermissions(centre ? [centre] : []), WORKFLOW_PERMISSION, WORKBENCH_PERMISSION]
}

export const roleSeeds = [
  { code: ADMIN_ROLE, name: '系统管理员', nameEn: 'System administrator', permissions: allPermissionCodes },
  { code: USER_ROLE, name: '普通用户', nameEn: 'Standard user', permissions: userRolePermissions },
]

/**
 * Adds the built-in roles when missing and gives them their permissions; the administrator
 * role also receives every code a new release introduces.
 */
export async function seedRoles(db: Kysely<HubDatabase>): Promise<void> {
  const at = isoNow()
  await db
    .insertInto('roles')
    .values(roleSeeds.map((r) => ({ id: seedId('role', r.code), role_code: r.code, role_name: r.name, role_name_en: r.nameEn, is_sys: '1', status: '1', created_at: at, updated_at: at })))
    .onConflict((oc) => oc.doNothing())
    .execute()
  const ids = new Map((await db.selectFrom('roles').select(['id', 'role_code']).execute()).map((r) => [r.role_code, r.id]))
  for (const seed of roleSeeds) {
    const roleId = ids.get(seed.code)!
    await db
      .insertInto('role_permissions')
      .values(seed.permissions().map((permission) => ({ role_id: roleId, permission })))
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
}

export async function roleId(db: Kysely<HubDatabase>, code: string): Promise<string | undefined> {
  const row = await db.selectFrom('roles').select('id').where('role_code', '=', code).executeTakeFirst()
  return row?.id
}
