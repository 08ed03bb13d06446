import { isoNow } from '../store/ids'
import type { AlarmDb } from './tables'

/**
 * Leases of dh_alarm_lease: work one node at a time does (the evaluator, the watch's store-wide
 * checks), so counts and checks are not doubled when several nodes share a PostgreSQL store.
 * A node that dies holding one loses it when it runs out.
 */
export const LEASE_MS = 60_000

/** Takes the lease `name`; answers its end (to give it back), or null when another node holds it. */
export async function takeLease(db: AlarmDb, name: string, now: number): Promise<string | null> {
  const until = isoNow(now + LEASE_MS)
  const inserted = await db.insertInto('dh_alarm_lease').values({ name, lease_until: until }).onConflict((oc) => oc.column('name').doNothing()).executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return until
  const taken = await db.updateTable('dh_alarm_lease').set({ lease_until: until }).where('name', '=', name).where('lease_until', '<', isoNow(now)).executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1 ? until : null
}

export async function giveBack(db: AlarmDb, name: string, until: string): Promise<void> {
  await db.updateTable('dh_alarm_lease').set({ lease_until: isoNow(0) }).where('name', '=', name).where('lease_until', '=', until).execute()
}
