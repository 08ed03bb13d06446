import type { Kysely } from 'kysely'
import { passwordDb } from '../auth/passwordDb'
import { isoNow } from '../store/ids'
import type { HubDatabase, UsersTable } from '../store/schema'

type Db = Kysely<HubDatabase>

/** What the user changes of their own profile; an absent name or avatar stays as it is. */
export interface ProfileChange {
  name?: string | undefined
  avatar?: string | null | undefined
  /** The whole preference JSON (the caller merged the change into the stored one). */
  preference: string
}

/**
 * A user's own account, as sign-in, the session and the permission checks see it: found by id
 * or by the name a sign-in gives, the codes its active roles grant, its profile and password.
 * (The administration's view of users is admin/userRepository.ts.)
 */
export const accountRepository = {
  find: (db: Db, id: string): Promise<UsersTable | undefined> => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  /** The username of the user with this id, if the user is there (what records and history keep of their author). */
  usernameOf: async (db: Db, id: string): Promise<string | undefined> => (await db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst())?.username,

  /**
   * The user a sign-in names. Usernames are case-insensitive (the user list refuses a name that
   * differs from another only by case), so 'ADMIN' is admin; the exact spelling wins should an
   * older store hold two such names, and a spelling that fits several but none exactly finds none.
   */
  async findByUsername(db: Db, username: string): Promise<UsersTable | undefined> {
    const exact = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst()
    if (exact) return exact
    const folded = await db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(username)])))
      .limit(2)
      .execute()
    return folded.length === 1 ? folded[0] : undefined
  },

  /** Codes of the user's active roles (spec: the user's authorities). */
  async roleCodes(db: Db, userId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('roles.role_code')
      .where('user_roles.user_id', '=', userId)
      .where('roles.status', '=', '1')
      .orderBy('roles.role_code')
      .execute()
    return rows.map((r) => r.role_code)
  },

  /** The union of the permission codes of the user's active roles. */
  async permissionCodes(db: Db, userId: string): Promise<string[]> {
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
  },

  /** Writes the user's own name, avatar and preference. */
  async updateProfile(db: Db, userId: string, change: ProfileChange): Promise<void> {
    await db
      .updateTable('users')
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.avatar !== undefined ? { avatar: change.avatar } : {}),
        preference: change.preference,
        updated_at: isoNow(),
      })
      .where('id', '=', userId)
      .execute()
  },

  /** The user's avatar: the id of a stored file. */
  async setAvatar(db: Db, userId: string, fileId: string): Promise<void> {
    await db.updateTable('users').set({ avatar: fileId, updated_at: isoNow() }).where('id', '=', userId).execute()
  },

  /** The password the user chose themselves: its hash, and no forced change left (auth/passwordChange.ts). */
  async setOwnPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
    await passwordDb(db).updateTable('users').set({ password_hash: passwordHash, must_change_password: '0', updated_at: isoNow() }).where('id', '=', userId).execute()
  },
}
