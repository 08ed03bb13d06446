import type { Kysely } from 'kysely'
import { preferenceSchema, type Preference, type SessionUser } from '../../shared/contract/platform/session'
import type { HubDatabase, UsersTable } from '../store/schema'
import { accountRepository } from './accountRepository'

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

/** The user as the console's session holds it. */
export async function sessionUser(db: Kysely<HubDatabase>, user: UsersTable): Promise<SessionUser> {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    roles: await accountRepository.roleCodes(db, user.id),
    preference: parsePreference(user.preference),
    // Said only when true: every other answer stays as it was (auth/passwordChange.ts).
    ...((user as UsersTable & { must_change_password?: string }).must_change_password === '1' ? { mustChangePassword: true as const } : {}),
  }
}
