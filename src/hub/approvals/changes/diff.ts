import type { ChangeAction } from '../../../shared/rules/approvals/process'

type Content = Record<string, unknown>
export interface DiffEntry {
  field: string
  before: unknown
  after: unknown
}

/** Secrets are never shown, not even to approvers: a set one reads as this. */
export const MASK = '******'
const SECRET = /password|privatekey|secret|token/i

/** The record without the omitted parts, its secrets masked. */
export function shown(content: Content | null, omit: readonly string[]): Content | null {
  if (!content) return null
  const out: Content = {}
  for (const [key, value] of Object.entries(content)) {
    if (omit.includes(key)) continue
    out[key] = SECRET.test(key) && typeof value === 'string' && value !== '' ? MASK : value
  }
  return out
}

/**
 * The record as the change would leave it, for showing side by side: an update lays the fields
 * the submitter sent over the record (as the save does); a status change flips or sets status;
 * a delete leaves nothing; a create is what was sent.
 */
export function proposed(action: ChangeAction, before: Content | null, sent: Content): Content | null {
  if (action === 'delete') return null
  if (action === 'create' || !before) return { ...sent }
  if (action === 'status') {
    const status = typeof sent.status === 'string' ? sent.status : before.status === '1' ? '0' : '1'
    return { ...before, status }
  }
  const { id: _id, version: _version, ...fields } = sent
  return { ...before, ...fields }
}

/** Field by field, in the record's order: what differs (audit stamps and the version left out). */
export function diffOf(before: Content | null, after: Content | null): DiffEntry[] {
  const skip = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'])
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !skip.has(k))
  return keys.flatMap((field) => {
    const b = before ? before[field] : undefined
    const a = after ? after[field] : undefined
    return JSON.stringify(b ?? null) === JSON.stringify(a ?? null) ? [] : [{ field, before: b ?? null, after: a ?? null }]
  })
}
