import type { Kysely } from 'kysely'
import type { CallContext } from '../http/context'
import type { HubDatabase } from '../store/schema'
import { ADMIN_ROLE } from '../store/seed/roles'
import { accountRepository } from '../platform/accountRepository'
import { roleRepository } from '../platform/admin/roleRepository'
import { adminDb, type AdminDb } from '../platform/admin/tables'
import { userRepository } from '../platform/admin/userRepository'
import { heldCodes } from './held'
import { requireAdministrator, requireRolesWithinOwn } from './grants'

/**
 * Ways in that sign people in without their password (issue 31, findings #4 and #5): identity
 * providers (CAS, OIDC, signed application tokens) and the system authentications whose secrets
 * sign those tokens. Whoever configures one decides who it signs in, so:
 *
 * - the roles a provider gives the users it creates are the caller's to give (requireRolesWithinOwn,
 *   as setRoles), checked at every save; the saver is stored (`saved_by`) and checked again at
 *   each automatic creation, when the roles are actually given (autoCreateRefusal): a saver who
 *   has since lost a code, been disabled or removed no longer gives the role;
 * - an account holding the administrator role is signed in only through a way in an
 *   administrator marked for it: the provider's `admin_trusted`, and for application tokens also
 *   the system authentication's `admin_sign_in` (adminSignInRefusal);
 * - such a flag is set or cleared by an administrator only, and a record that carries it (whose
 *   server, secret or application decides who may become an administrator) is changed by an
 *   administrator only (requireAdministratorForAdminTrust).
 */

/** Refused (`msg_administrator_only`) unless the caller is an administrator, when the stored or wanted flag is '1'. */
export async function requireAdministratorForAdminTrust(db: AdminDb, call: CallContext, stored: string | undefined, wanted: string): Promise<void> {
  if (stored === '1' || wanted === '1') await requireAdministrator(db, call)
}

/** The ids of the roles with these codes (unknown codes are left out: the save checks they exist). */
const roleIdsOf = async (db: AdminDb, codes: readonly string[]): Promise<string[]> =>
  codes.length ? (await roleRepository.from(db).select('id').where('role_code', 'in', [...codes]).execute()).map((r) => r.id) : []

/** A provider's roles (by code) are given only by someone holding every code they carry (4031 `msg_grant_beyond_own`). */
export async function requireRoleCodesWithinOwn(db: AdminDb, call: CallContext, roleCodes: readonly string[]): Promise<void> {
  await requireRolesWithinOwn(db, call, await roleIdsOf(db, roleCodes))
}

/**
 * Why automatic creation may not give these roles (for the log), or null. The saver must still
 * be a normal user holding every code the roles carry; a role that would make an administrator
 * needs a provider trusted for administrators (the new user could not be signed in otherwise).
 */
export async function autoCreateRefusal(db: Kysely<HubDatabase>, way: { savedBy: string; adminTrusted: boolean }, roleCodes: readonly string[]): Promise<string | null> {
  if (roleCodes.length === 0) return null
  if (roleCodes.includes(ADMIN_ROLE) && !way.adminTrusted) return 'automatic creation would make an administrator, and the provider is not trusted for administrators'
  if (!way.savedBy) return 'the provider was saved before its roles were checked: an administrator must save it again'
  const saver = await accountRepository.find(db, way.savedBy)
  if (!saver || saver.status !== '1') return 'whoever saved the provider is no longer an active user'
  const held = await heldCodes(db, saver.id)
  const admin = adminDb(db)
  const needed = await roleRepository.permissionsOfAny(admin, await roleIdsOf(admin, roleCodes))
  if (needed.some((code) => !held.has(code))) return "the provider's roles carry codes whoever saved it no longer holds"
  return null
}

/**
 * Why this sign-in may not give `userId` a session (for the log), or null: an administrator only
 * through a provider trusted for administrators and, for application tokens, an application
 * allowed to sign them in (`application` null for CAS and OIDC).
 */
export async function adminSignInRefusal(db: Kysely<HubDatabase>, way: { adminTrusted: boolean; application: { adminSignIn: boolean } | null }, userId: string): Promise<string | null> {
  if (!(await userRepository.isAdministrator(adminDb(db), userId))) return null
  if (!way.adminTrusted) return 'the user is an administrator and the provider is not trusted for administrators'
  if (way.application && !way.application.adminSignIn) return "the user is an administrator and the application's tokens may not sign in administrators"
  return null
}
