import type { RuleSettings } from '../rules'
import type { AlarmDb } from '../tables'
import { settle, type Failing } from './conditions'
import { encodeText, keyed } from '../../text/keyedText'

/** A delivery not delivered yet: waiting for its (next) try, or being tried (pushed or pulled). */
const UNDELIVERED = ['pending', 'delivering']

/**
 * consumer_lag: each enabled consumer that wants alarms, and each with an open lag incident, by
 * its oldest undelivered delivery (one index seek per consumer: consumer_id, status, created_at).
 * Older than the threshold: failing; none, or a younger one: caught up.
 */
export async function checkLag(db: AlarmDb, settings: RuleSettings, now: number): Promise<void> {
  if (!settings.enabled) return
  const [watched, open] = await Promise.all([
    db.selectFrom('consumers').select('id').where('alarm_status', '=', '1').where('status', '!=', '0').execute(),
    db.selectFrom('dh_incidents').select('object_id').where('state', '=', 'open').where('rule', '=', 'consumer_lag').execute(),
  ])
  const ids = [...new Set([...watched.map((c) => c.id), ...open.map((i) => i.object_id)])]
  const cutoff = now - settings.threshold * 1000
  const failing: Failing[] = []
  for (const id of ids) {
    const oldest = await db.selectFrom('dh_deliveries').select('created_at').where('consumer_id', '=', id).where('status', 'in', UNDELIVERED).orderBy('created_at').limit(1).executeTakeFirst()
    if (oldest && Date.parse(oldest.created_at) < cutoff) {
      const waited = Math.floor((now - Date.parse(oldest.created_at)) / 1000)
      failing.push({ type: 'consumer', id, detail: encodeText(keyed('msg_exchange_alarm_lag', { waited, since: oldest.created_at, threshold: settings.threshold })) })
    }
  }
  await settle(db, settings, failing, () => true, now)
}

