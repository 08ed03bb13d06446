import type { Kysely } from 'kysely'
import type { HubDatabase, UsersTable } from '../store/schema'

/** The users table with migration 0011's column (auth/passwordChange.ts says what it means). */
export type PasswordDatabase = Omit<HubDatabase, 'users'> & { users: UsersTable & { must_change_password: string } }

// A cast, not a conversion: migration 0011 gives the same database this column.
export const passwordDb = (db: Kysely<HubDatabase>): Kysely<PasswordDatabase> => db as unknown as Kysely<PasswordDatabase>
