import { createHash, randomUUID } from 'node:crypto'

/** A new record id: a uuid made by the hub, so ids look the same on SQLite and PostgreSQL. */
export const newId = (): string => randomUUID()

/**
 * The id of a seeded record, derived from a stable name (uuid v5 style, sha1-based), so that
 * every hub, on either store, gives the same seed row the same id and seeding stays idempotent.
 */
export function seedId(kind: string, name: string): string {
  const h = createHash('sha1').update(`datahub:${kind}:${name}`).digest()
  h[6] = (h[6]! & 0x0f) | 0x50
  h[8] = (h[8]! & 0x3f) | 0x80
  const hex = h.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** Timestamps are ISO 8601 UTC strings on both stores: they compare correctly as text. */
export const isoNow = (now: number = Date.now()): string => new Date(now).toISOString()
