import { isoNow } from '../../store/ids'
import { raise, recover } from '../incidents'
import { alarmObject } from '../objects'
import type { RuleSettings } from '../rules'
import type { AlarmDb, IncidentRow } from '../tables'

/** An object a check found failing now, and what it found. */
export interface Failing {
  type: string
  id: string
  detail: string
}

/**
 * The end of one look at a condition rule: each failing object raises (an open incident only
 * counts it, and reminds at the rule's interval; quiet when the rule is off or the object's
 * alarmStatus is), and each open incident of the rule that `clears` says is fine again recovers.
 * An open incident neither failing nor cleared (not decided yet) stays as it is.
 */
export async function settle(db: AlarmDb, settings: RuleSettings, failing: readonly Failing[], clears: (incident: IncidentRow) => boolean, now: number): Promise<void> {
  const at = isoNow(now)
  for (const f of failing) {
    const object = await alarmObject(db, f.type, f.id)
    if (object) await raise(db, settings, object, at, f.detail, 1, now)
  }
  const failingIds = new Set(failing.map((f) => `${f.type}:${f.id}`))
  const open = await db.selectFrom('dh_incidents').selectAll().where('state', '=', 'open').where('rule', '=', settings.rule).execute()
  for (const incident of open) {
    if (!failingIds.has(`${incident.object_type}:${incident.object_id}`) && clears(incident)) await recover(db, incident, now)
  }
}
