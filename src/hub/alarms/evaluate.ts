import type { AlarmRule } from '../../shared/rules/alarms/incidents'
import type { HubContext } from '../http/context'
import { giveBack, takeLease } from './lease'
import { raise, recover } from './incidents'
import { alarmObject, type AlarmObject } from './objects'
import { ruleSettings, RULES_OF_SIGNAL } from './rules'
import { alarmDb, type AlarmDb, type AlarmEventRow } from './tables'

/**
 * The alarm evaluator, run by the delivery worker on each poll, beside delivery and never in its
 * way. It takes the events the hooks recorded (events.ts) in order, counts each rule's failures
 * in a row per object (dh_alarm_streaks), raises an incident once a rule's threshold is reached
 * (incidents.ts: opened with its alarm, or counted), deletes the events it handled, then closes
 * the incidents whose object works again: a consumer with a delivery delivered after the
 * incident was last seen, a producer whose next run succeeded.
 *
 * One node evaluates at a time (a lease row, dh_alarm_lease), so streaks and counts are not
 * counted twice; events wait for the next pass when another node holds it. A storm is cheap:
 * the events of one object and rule in a batch are counted in memory and raise once.
 */
const BATCH = 2000
const LEASE = 'evaluator'

const CONSUMER_RULES: readonly AlarmRule[] = ['consumer_dead', 'consumer_failures']
const PRODUCER_RULES: readonly AlarmRule[] = ['producer_run_failed', 'push_refused']

export async function evaluateAlarms(hub: Pick<HubContext, 'store'>, now: number = Date.now()): Promise<void> {
  const db = alarmDb(hub.store.db)
  const [event, open] = await Promise.all([
    db.selectFrom('dh_alarm_events').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('dh_incidents').select('id').where('state', '=', 'open').limit(1).executeTakeFirst(),
  ])
  if (!event && !open) return
  const lease = await takeLease(db, LEASE, now)
  if (!lease) return
  try {
    const events = await db.selectFrom('dh_alarm_events').selectAll().orderBy('at').orderBy('id').limit(BATCH).execute()
    const openConsumers = await db.selectFrom('dh_incidents').select('object_id').where('state', '=', 'open').where('object_type', '=', 'consumer').where('rule', 'in', CONSUMER_RULES).execute()
    const consumerIds = [...new Set([...events.filter((e) => e.object_type === 'consumer').map((e) => e.object_id), ...openConsumers.map((r) => r.object_id)])]
    const delivered = await lastDelivered(db, consumerIds)
    await applyEvents(db, events, delivered, now)
    for (let i = 0; i < events.length; i += 500) {
      await db.deleteFrom('dh_alarm_events').where('id', 'in', events.slice(i, i + 500).map((e) => e.id)).execute()
    }
    await consumerRecoveries(db, delivered, now)
    await refusalRecoveries(db, now)
  } finally {
    await giveBack(db, LEASE, lease)
  }
}

/** Each consumer's last delivered message (when it finished). */
async function lastDelivered(db: AlarmDb, consumerIds: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for (let i = 0; i < consumerIds.length; i += 500) {
    const rows = await db
      .selectFrom('dh_deliveries')
      .select('consumer_id')
      .select((eb) => eb.fn.max('finished_at').as('last'))
      .where('consumer_id', 'in', consumerIds.slice(i, i + 500))
      .where('status', '=', 'delivered')
      .groupBy('consumer_id')
      .execute()
    for (const r of rows) if (r.last) found.set(r.consumer_id, String(r.last))
  }
  return found
}

async function applyEvents(db: AlarmDb, events: readonly AlarmEventRow[], delivered: ReadonlyMap<string, string>, now: number): Promise<void> {
  const byObject = new Map<string, AlarmEventRow[]>()
  for (const e of events) {
    const key = `${e.object_type}:${e.object_id}`
    byObject.set(key, [...(byObject.get(key) ?? []), e])
  }
  if (byObject.size === 0) return
  const rules = await ruleSettings(db)
  for (const list of byObject.values()) {
    const { object_type: type, object_id: id } = list[0]!
    let object: AlarmObject | null | undefined
    const objectOf = async () => (object === undefined ? (object = await alarmObject(db, type, id)) : object)
    for (const rule of type === 'consumer' ? CONSUMER_RULES : PRODUCER_RULES) {
      const settings = rules.get(rule)
      if (!settings) continue
      const stored = await db.selectFrom('dh_alarm_streaks').select(['count', 'last_at']).where('rule', '=', rule).where('object_id', '=', id).executeTakeFirst()
      let streak = { count: stored?.count ?? 0, lastAt: stored?.last_at ?? '' }
      let hits = 0
      let seen = { at: '', detail: '' }
      const flush = async () => {
        const target = hits > 0 ? await objectOf() : null
        if (target) await raise(db, settings, target, seen.at, seen.detail, hits, now)
        hits = 0
      }
      for (const e of list) {
        if (e.signal === 'run_succeeded' && rule === 'producer_run_failed') {
          await flush()
          streak.count = 0
          await recoverOpen(db, rule, type, id, now)
          continue
        }
        if (!RULES_OF_SIGNAL[e.signal]?.includes(rule)) continue
        if (rule === 'push_refused') {
          // Refusals within a window that starts with the first one (streak.lastAt holds its start).
          if (!streak.lastAt || Date.parse(e.at) - Date.parse(streak.lastAt) >= settings.periodMs) streak = { count: 0, lastAt: e.at }
          const before = streak.count
          streak.count += e.count
          if (streak.count >= settings.threshold) {
            // The refusal that reaches the threshold counts the whole window's.
            hits += before < settings.threshold ? streak.count : e.count
            seen = { at: e.at, detail: e.detail }
          }
          continue
        }
        // A consumer that delivered since its last failure starts a new run of failures.
        const ok = delivered.get(id)
        if (type === 'consumer' && ok !== undefined && ok > streak.lastAt && ok < e.at) streak.count = 0
        streak.count++
        streak.lastAt = e.at
        if (streak.count >= settings.threshold) {
          hits++
          seen = { at: e.at, detail: e.detail }
        }
      }
      await flush()
      if (stored) await db.updateTable('dh_alarm_streaks').set({ count: streak.count, last_at: streak.lastAt }).where('rule', '=', rule).where('object_id', '=', id).execute()
      else if (streak.count > 0) await db.insertInto('dh_alarm_streaks').values({ rule, object_id: id, count: streak.count, last_at: streak.lastAt }).execute()
    }
  }
}

async function recoverOpen(db: AlarmDb, rule: string, type: string, id: string, now: number): Promise<void> {
  const open = await db.selectFrom('dh_incidents').selectAll().where('rule', '=', rule).where('object_type', '=', type).where('object_id', '=', id).where('state', '=', 'open').execute()
  for (const incident of open) await recover(db, incident, now)
}

/**
 * Consumers' open failure incidents whose cause is over. consumer_failures counts failed tries in
 * a row, so a message delivered after the incident was last seen ends it. consumer_dead counts
 * dead deliveries, and one success says nothing of the others still dead (issue 33: 499 left dead
 * after one redelivery): it clears once the consumer has no dead delivery left, every one retried
 * (put back to wait) or discarded in the message log. One that dies again raises again.
 * (A lag incident clears when the backlog is back under its threshold instead: watch/lag.ts.)
 */
async function consumerRecoveries(db: AlarmDb, delivered: ReadonlyMap<string, string>, now: number): Promise<void> {
  const open = await db.selectFrom('dh_incidents').selectAll().where('state', '=', 'open').where('object_type', '=', 'consumer').where('rule', 'in', CONSUMER_RULES).execute()
  for (const incident of open) {
    if (incident.rule === 'consumer_dead') {
      if (!(await hasDead(db, incident.object_id))) await recover(db, incident, now)
      continue
    }
    const ok = delivered.get(incident.object_id)
    if (ok !== undefined && ok > incident.last_seen_at) await recover(db, incident, now)
  }
}

/** Whether any delivery of the consumer is dead (one index seek: consumer_id, status, …). */
const hasDead = async (db: AlarmDb, consumerId: string): Promise<boolean> =>
  (await db.selectFrom('dh_deliveries').select('id').where('consumer_id', '=', consumerId).where('status', '=', 'dead').limit(1).executeTakeFirst()) !== undefined

/** push_refused clears once a whole window passed without a refusal. */
async function refusalRecoveries(db: AlarmDb, now: number): Promise<void> {
  const open = await db.selectFrom('dh_incidents').selectAll().where('state', '=', 'open').where('rule', '=', 'push_refused').execute()
  if (open.length === 0) return
  const settings = (await ruleSettings(db)).get('push_refused')
  if (!settings) return
  for (const incident of open) if (Date.parse(incident.last_seen_at) + settings.periodMs <= now) await recover(db, incident, now)
}
