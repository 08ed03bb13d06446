import type { RuntimeDb } from '../runtime/tables'
import { isoNow } from '../store/ids'
import type { AlarmTables } from './tables'

/** How long resolved incidents and their finished notices are kept for the alert and message centres. */
export const ALARM_KEEP_DAYS = 30
const DAY_MS = 86_400_000

/** Drops resolved incidents past the keeping time, with their notices that no longer wait. */
export async function purgeAlarms(db: RuntimeDb, now: number): Promise<void> {
  const before = isoNow(now - ALARM_KEEP_DAYS * DAY_MS)
  const adb = db.withTables<Pick<AlarmTables, 'dh_incidents'>>()
  const old = adb.selectFrom('dh_incidents').select('id').where('state', '=', 'resolved').where('resolved_at', '<', before)
  await db.deleteFrom('dh_callbacks').where('incident_id', 'in', old).where('status', 'not in', ['pending', 'sending', 'scheduled']).execute()
  const kept = db.selectFrom('dh_callbacks').select('incident_id').where('incident_id', 'is not', null)
  await adb.deleteFrom('dh_incidents').where('state', '=', 'resolved').where('resolved_at', '<', before).where('id', 'not in', kept).execute()
}
