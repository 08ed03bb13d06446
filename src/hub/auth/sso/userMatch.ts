import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { MatchBy } from '../../../shared/rules/platform/identityProvider'
import { accountRepository } from '../../platform/accountRepository'
import { DEFAULT_PREFERENCE } from '../../platform/users'
import type { EmployeeColumns } from '../../platform/admin/tables'
import { isoNow, newId } from '../../store/ids'
import type { HubDatabase, UsersTable } from '../../store/schema'
import { isUniqueViolation } from '../../store/uniqueViolation'
import { hashPassword } from '../passwords'
import type { StoreKind } from '../../store'
import { userRepository } from '../../platform/admin/userRepository'
import { adminDb } from '../../platform/admin/tables'

type Db = Kysely<HubDatabase>
type UserRow = UsersTable & EmployeeColumns & { employee_no: string }
const usersDb = (db: Db) => db.withTables<{ users: UserRow }>()

/**
 * The platform user an identity names: by username (case-insensitive, as /login), by email
 * (case-insensitive) or by employee number (exact). An email or number two users share names
 * nobody: refused rather than guessed.
 */
export async function findUser(db: Db, matchBy: MatchBy, value: string): Promise<UsersTable | undefined> {
  if (matchBy === 'username') return accountRepository.findByUsername(db, value)
  const q = usersDb(db).selectFrom('users').selectAll()
  const found =
    matchBy === 'email'
      ? await q.where((eb) => eb(eb.fn('lower', ['email']), '=', value.toLowerCase())).limit(2).execute()
      : await q.where('employee_no', '=', value).limit(2).execute()
  return found.length === 1 ? found[0] : undefined
}

export interface NewUser {
  matchBy: MatchBy
  value: string
  name: string
  email: string
  /** Role codes; unknown ones are skipped (the administrator's save checked them). */
  roles: readonly string[]
}

/**
 * Creates the user a provider vouched for (the provider's "automatic creation"): username the
 * matched value, a password nobody knows (argon2 of random bytes: the account signs in through
 * its provider, until an administrator resets the password), normal status, may use the console.
 * Two first sign-ins at once: the second finds the user the first made. Answers the user the
 * identity names afterwards (none when its email or number turns out to be two users').
 */
export async function createUser(db: Db, kind: StoreKind, user: NewUser): Promise<UsersTable | undefined> {
  const id = newId()
  const at = isoNow()
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'))
  try {
    await db.transaction().execute(async (tx) => {
      // An employee number is one user's (an administrator may have just given it to someone):
      // checked under the same lock as the user editor's saves, so the number is never doubled.
      if (user.matchBy === 'employeeNo' && (await userRepository.employeeNoTaken(adminDb(tx), kind, user.value, null))) return
      await usersDb(tx)
        .insertInto('users')
        .values({
          id,
          username: user.value,
          name: user.name || user.value,
          password_hash: passwordHash,
          avatar: null,
          status: '1',
          preference: JSON.stringify(DEFAULT_PREFERENCE),
          created_at: at,
          updated_at: at,
          email: user.matchBy === 'email' ? user.value : user.email,
          employee_no: user.matchBy === 'employeeNo' ? user.value : '',
          gender: '',
          mobile: '',
          phone: '',
          employee_type: '',
          can_login: '1',
          is_sys: '0',
          is_butler: '0',
          proxy_user_id: '',
          proxy_start: '',
          proxy_end: '',
          must_change_password: '0',
        })
        .execute()
      const roles = user.roles.length ? await tx.selectFrom('roles').select('id').where('role_code', 'in', [...user.roles]).execute() : []
      if (roles.length) await tx.insertInto('user_roles').values(roles.map((r) => ({ user_id: id, role_id: r.id }))).execute()
    })
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
  }
  return findUser(db, user.matchBy, user.value)
}
