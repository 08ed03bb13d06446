import type { Ending, Outcome } from '../runtime/queue/deliveries'
import type { DeliveryRow, RuntimeDb } from '../runtime/tables'
import { isoNow, newId } from '../store/ids'
import type { AlarmEventsTable, AlarmSignal } from './tables'
import { clipStored } from '../text/keyedText'

/**
 * The hooks of the alarms: the delivery worker, the pull and the scheduler record what happened as rows
 * of dh_alarm_events, after their own commit, and the evaluator (evaluate.ts) reads them in the
 * background. Cheap on purpose: a delivered message records nothing (the evaluator reads the
 * consumer's last delivery instead), failed tries that ended together are one insert, and a
 * failure to record is logged by the caller, never a failed delivery.
 */
const eventsOf = (db: RuntimeDb) => db.withTables<{ dh_alarm_events: AlarmEventsTable }>()

const DETAIL_MAX = 1000

/** Failed tries of deliveries (retried or dead), as the worker recorded them (undefined: no longer held). */
export async function recordTryEvents(db: RuntimeDb, endings: readonly Ending[], recorded: readonly (DeliveryRow | undefined)[]): Promise<void> {
  const rows = endings.flatMap((e, i) => (recorded[i] ? tryEvent(e.delivery.consumer_id, e.outcome, e.now) : []))
  if (rows.length > 0) await eventsOf(db).insertInto('dh_alarm_events').values(rows).execute()
}

/** The event of one ended try: none when it was delivered. */
function tryEvent(consumerId: string, outcome: Outcome, now: number) {
  if (outcome.kind === 'delivered') return []
  const signal: AlarmSignal = outcome.kind === 'dead' ? 'delivery_dead' : 'try_failed'
  return [{ id: newId(), signal, object_type: 'consumer', object_id: consumerId, detail: clipStored(outcome.error, DETAIL_MAX), at: isoNow(now), count: 1 }]
}

/** A pulled delivery's failed try (the application reported it, its lease ran out, it could not be handed out). */
export async function recordPulledTryEvent(db: RuntimeDb, consumerId: string, outcome: Outcome, now: number): Promise<void> {
  const rows = tryEvent(consumerId, outcome, now)
  if (rows.length > 0) await eventsOf(db).insertInto('dh_alarm_events').values(rows).execute()
}

/** Pushes of producers refused for their format or schema, as a node counted them since its last flush. */
export async function recordRefusalEvents(db: RuntimeDb, counted: readonly { producerId: string; count: number; detail: string; at: number }[]): Promise<void> {
  const rows = counted.map((c) => ({ id: newId(), signal: 'push_refused', object_type: 'producer', object_id: c.producerId, detail: c.detail.slice(0, DETAIL_MAX), at: isoNow(c.at), count: c.count }))
  if (rows.length > 0) await eventsOf(db).insertInto('dh_alarm_events').values(rows).execute()
}

/** A run that ended failed (after its retries) or succeeded: one row, from the run itself. */
export async function recordRunEvent(db: RuntimeDb, runId: string, state: 'failed' | 'succeeded', error: string, now: number): Promise<void> {
  const signal: AlarmSignal = state === 'failed' ? 'run_failed' : 'run_succeeded'
  const run = await db.selectFrom('dh_runs').select('producer_id').where('id', '=', runId).executeTakeFirst()
  if (!run) return
  await eventsOf(db)
    .insertInto('dh_alarm_events')
    .values({ id: newId(), signal, object_type: 'producer', object_id: run.producer_id, detail: clipStored(error, DETAIL_MAX), at: isoNow(now), count: 1 })
    .execute()
}
