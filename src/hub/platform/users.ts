import type { Kysely } from 'kysely'
import { preferenceSchema, type Preference, type SessionUser } from '../../shared/contract/platform/session'
import type { HubDatabase, UsersTable } from '../store/schema'

export const DEFAULT_PREFERENCE: Preference = preferenceSchema.parse({})

/** The stored preference JSON; anything unreadable falls back to the defaults field by field. */
export function parsePreference(json: string): Preference {
  let raw: unknown
  try {
    raw = JSON.parse(json)
  } catch {
    return DEFAULT_PREFERENCE
  }
  const parsed = preferenceSchema.partial().safeParse(raw)
  return { ...DEFAULT_PREFERENCE, ...(parsed.success ? parsed.data : {}) }
}

/**
 * The user a sign-in names. Usernames are case-insensitive (the user list refuses a name that
 * differs from another only by case), so 'ADMIN' is admin; the exact spelling wins should an
 * older store hold two such names, and a spelling that fits several but none exactly finds none.
 */
export async function findUserByUsername(db: Kysely<HubDatabase>, username: string): Promise<UsersTable | undefined> {
  const exact = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst()
  if (exact) return exact
  const folded = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(username)])))
    .limit(2)
    .execute()
  return folded.length === 1 ? folded[0] : undefined
}

export async function findUser(db: Kysely<HubDatabase>, id: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Codes of the user's active roles (spec: the user's authorities). */
export async function roleCodes(db: Kysely<HubDatabase>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.role_code')
    .where('user_roles.user_id', '=', userId)
    .where('roles.status', '=', '1')
    .orderBy('roles.role_code')
    .execute()
  return rows.map((r) => r.role_code)
}

/** The union of the permission codes of the user's active roles. */
export async function permissionCodes(db: Kysely<HubDatabase>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
    .select('role_permissions.permission')
    .distinct()
    .where('user_roles.user_id', '=', userId)
    .where('roles.status', '=', '1')
    .orderBy('role_permissions.permission')
    .execute()
  return rows.map((r) => r.permission)
}

/** The user as the console's session holds it. */
export async function sessionUser(db: Kysely<HubDatabase>, user: UsersTable): Promise<SessionUser> {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    roles: await roleCodes(db, user.id),
    preference: parsePreference(user.preference),
    // Said only when true: every other answer stays as it was (auth/passwordChange.ts).
    ...((user as UsersTable & { must_change_password?: string }).must_change_password === '1' ? { mustChangePassword: true as const } : {}),
  }
}
