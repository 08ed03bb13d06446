import * as contract from '../../../shared/contract/platform/admin/roles'
import { route } from '../../http/context'
import { fieldRefusal } from '../../http/validation'
import { allPermissionCodes } from '../../store/seed/roles'
import { menuRepository, type MenuRow } from '../menuRepository'
import { visibleMenuTree } from '../menus'
import { requireHeld } from '../../authority/grants'
import { roleSysLocked } from './refusals'
import { roleRepository as roles } from './roleRepository'
import { adminDb } from './tables'

/** Every code a role may be granted: the menu's (as administrators edited it) and the contract's. */
function knownCodes(rows: readonly MenuRow[]): Set<string> {
  return new Set([...allPermissionCodes(), ...rows.flatMap((r) => (r.permission ? [r.permission] : []))])
}

/** The role, the whole menu tree (every item, as if all were granted) and the role's codes. */
export const roleResAuthGet = route(contract.roleResAuthGet, async ({ roleId }, call) => {
  const db = adminDb(call.hub.store.db)
  const role = await roles.stored(db, roleId)
  const rows = await menuRepository.treeRows(call.hub.store.db)
  const menus = visibleMenuTree(rows, knownCodes(rows))
  return { role: roles.toRecord(role), menus, permissions: await roles.permissions(db, roleId) }
})

/**
 * Replaces the role's codes. Built-in roles are refused: seeding gives them their codes again on
 * every start, so an edit would not last (and the administrator must keep every code).
 */
export const roleResAuthSave = route(contract.roleResAuthSave, async ({ roleId, permissions }, call) => {
  const db = adminDb(call.hub.store.db)
  const role = await roles.stored(db, roleId)
  if (role.is_sys === '1') throw roleSysLocked()
  const known = knownCodes(await menuRepository.treeRows(call.hub.store.db))
  if (permissions.some((p) => !known.has(p))) throw fieldRefusal('permissions', 'msg_permission_unknown')
  const codes = [...new Set(permissions)].sort()
  // Only codes the caller holds may be added or taken away: a `platform:role` holder would
  // otherwise write every code into their own role.
  const before = new Set(await roles.permissions(db, roleId))
  await requireHeld(db, call, [...codes.filter((c) => !before.has(c)), ...[...before].filter((c) => !codes.includes(c))])
  await roles.replacePermissions(db, roleId, codes)
  return { permissions: codes }
})
