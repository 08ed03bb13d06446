import type { z } from 'zod'
import { signedIn } from '../http/auth'
import type { CallContext } from '../http/context'
import { validationRefusal } from '../http/validation'
import { accountRepository } from '../platform/accountRepository'
import { isoNow } from '../store/ids'

/** What every save needs: who saves, and when. */
export interface Author {
  username: string
  at: string
}

/** Username of the caller, kept on records and version history. */
export async function author(call: CallContext): Promise<Author> {
  const { userId } = signedIn(call)
  return { username: (await accountRepository.usernameOf(call.hub.store.db, userId)) ?? userId, at: isoNow() }
}

/**
 * Update semantics: the stored record with the fields the caller sent (keys of `keys` present
 * in the raw input) laid over it, checked against the full rules, cross-field ones included.
 * A field left out keeps its value; nothing is reset to a default by omission.
 */
export function mergeUpdate<S extends z.ZodType>(schema: S, stored: object, raw: unknown, keys: readonly string[]): z.output<S> {
  const sent = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  const merged: Record<string, unknown> = { ...stored }
  for (const key of keys) if (Object.hasOwn(sent, key)) merged[key] = sent[key]
  const parsed = schema.safeParse(merged, { reportInput: true })
  if (!parsed.success) throw validationRefusal(parsed.error)
  return parsed.data
}

/** Audit columns of a new row. */
export const created = (who: Author) => ({ version: 1, created_at: who.at, created_by: who.username, updated_at: who.at, updated_by: who.username })
/** Audit columns of a change. */
export const updated = (who: Author) => ({ updated_at: who.at, updated_by: who.username })
