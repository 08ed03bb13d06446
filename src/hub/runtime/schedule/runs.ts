import type { RuntimeBus } from '../events'
import { reportSystemEvent } from '../../logs/systemLog'
import type { Run, RunState } from '../../../shared/contract/datahub/schedule'
import { PAGING_STOP_REASONS, type PagingStopReason } from '../../../shared/rules/datahub/pagingStop'
import { isoNow, newId } from '../../store/ids'
import type { RunRow, RuntimeDb } from '../tables'
import { clipStored, renderStored } from '../../text/keyedText'
import type { Locale } from '../../../shared/locale'

/**
 * The runs table (migration 0015): the claim of a fire, the lease a running run holds, its end.
 * Every change a node makes to a run names the node, so a node that lost its lease (another took
 * the run over) changes nothing any more.
 */

export type RunTrigger = Run['trigger']

export interface NewRun {
  producerId: string
  topicId: string
  plannedAt: string
  trigger: RunTrigger
  node: string
  /** When the lease ends: now + runLeaseMs; now for a run left to whichever node takes it. */
  leaseUntil: string
  purgeAt: string
  now: number
}

/**
 * Claims a fire: the insert lands for one node only (unique producer_id + planned_at), the others
 * get null. The winner holds the run until its lease ends.
 */
export async function claimFire(db: RuntimeDb, run: NewRun): Promise<RunRow | null> {
  const row: RunRow = {
    id: newId(),
    producer_id: run.producerId,
    topic_id: run.topicId,
    planned_at: run.plannedAt,
    trigger: run.trigger,
    state: 'running',
    node: run.node,
    lease_until: run.leaseUntil,
    attempt: 0,
    next_attempt_at: null,
    started_at: isoNow(run.now),
    finished_at: null,
    rows_read: 0,
    messages_accepted: 0,
    messages_refused: 0,
    error: '',
    purge_at: run.purgeAt,
    paging_stop: '',
  }
  const result = await db
    .insertInto('dh_runs')
    .values(row)
    .onConflict((oc) => oc.columns(['producer_id', 'planned_at']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? row : null
}

/** Whether any node runs (or is due to retry) a run of the producer now. */
export async function runInProgress(db: RuntimeDb, producerId: string): Promise<boolean> {
  const row = await db.selectFrom('dh_runs').select('id').where('producer_id', '=', producerId).where('state', 'in', ['running', 'retrying']).executeTakeFirst()
  return row !== undefined
}

/** Moves the lease on; false when the node no longer holds the run. */
export async function renewLease(db: RuntimeDb, runId: string, node: string, until: string): Promise<boolean> {
  const result = await db.updateTable('dh_runs').set({ lease_until: until }).where('id', '=', runId).where('node', '=', node).where('state', '=', 'running').executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Runs this node may take now: running ones whose lease ran out (their node died) and retrying
 * ones whose next try is due. Each is taken with a conditional update, so of several nodes
 * looking at once only one gets it.
 */
export async function takeOverDue(db: RuntimeDb, node: string, now: number, leaseUntil: string, limit: number): Promise<RunRow[]> {
  const at = isoNow(now)
  const candidates = await db
    .selectFrom('dh_runs')
    .select(['id', 'state'])
    .where((eb) => eb.or([eb.and([eb('state', '=', 'running'), eb('lease_until', '<', at)]), eb.and([eb('state', '=', 'retrying'), eb('next_attempt_at', '<=', at)])]))
    .limit(limit)
    .execute()
  const taken: RunRow[] = []
  for (const c of candidates) {
    let update = db.updateTable('dh_runs').set({ state: 'running', node, lease_until: leaseUntil, next_attempt_at: null }).where('id', '=', c.id).where('state', '=', c.state)
    update = c.state === 'running' ? update.where('lease_until', '<', at) : update.where('next_attempt_at', '<=', at)
    // A retry starts afresh: its start and counters are this try's (the messages of earlier tries stay in the log).
    if (c.state === 'retrying') update = update.set({ started_at: at, finished_at: null })
    const result = await update.executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) continue
    const row = await db.selectFrom('dh_runs').selectAll().where('id', '=', c.id).executeTakeFirst()
    if (row) taken.push(row)
  }
  return taken
}

export interface RunEnding {
  state: Exclude<RunState, 'running'>
  error: string
  /** retrying: the next try's number and when it is due. */
  attempt?: number
  nextAttemptAt?: string
}

/** Ends the node's run (or sets it retrying), announcing its end on `events`; false when the node no longer held it. */
export async function endRun(events: RuntimeBus, db: RuntimeDb, runId: string, node: string, ending: RunEnding, now: number): Promise<boolean> {
  const result = await db
    .updateTable('dh_runs')
    .set({
      state: ending.state,
      error: clipStored(ending.error, 2000),
      finished_at: isoNow(now),
      lease_until: null,
      ...(ending.state === 'retrying' ? { attempt: ending.attempt!, next_attempt_at: ending.nextAttemptAt! } : {}),
    })
    .where('id', '=', runId)
    .where('node', '=', node)
    .where('state', '=', 'running')
    .executeTakeFirst()
  const ended = Number(result.numUpdatedRows) === 1
  // A run's end is announced after it is recorded (the alarms listen); a listener failing fails no run.
  if (ended && (ending.state === 'failed' || ending.state === 'succeeded')) await events.emit('runEnded', { db, runId, state: ending.state, error: ending.error, now }).catch(() => {})
  // The system log hears of a failed run (and of a try that will be retried), likewise.
  if (ended && (ending.state === 'failed' || ending.state === 'retrying')) await reportRunEnd(db, runId, ending, now).catch(() => {})
  return ended
}

async function reportRunEnd(db: RuntimeDb, runId: string, ending: RunEnding, now: number): Promise<void> {
  const run = await db.selectFrom('dh_runs').innerJoin('topics', 'topics.id', 'dh_runs.topic_id').select(['dh_runs.producer_id', 'topics.code']).where('dh_runs.id', '=', runId).executeTakeFirst()
  const what = `run ${runId} of topic ${run?.code ?? '?'} (producer ${run?.producer_id ?? '?'})`
  const message = ending.state === 'failed' ? `${what} failed: ${ending.error}` : `${what} failed, will retry (attempt ${ending.attempt ?? '?'}): ${ending.error}`
  await reportSystemEvent(db, { level: ending.state === 'failed' ? 'error' : 'warning', source: 'schedule', message }, now)
}

/** Hands a run back at once (the node stops): another node takes it on its next look. */
export async function handBack(db: RuntimeDb, runId: string, node: string, now: number): Promise<void> {
  await db.updateTable('dh_runs').set({ lease_until: isoNow(now - 1) }).where('id', '=', runId).where('node', '=', node).where('state', '=', 'running').execute()
}

/** The last planned fire of each producer's schedule (run-now runs aside): where its series stands. */
export async function lastFires(db: RuntimeDb, producerIds: readonly string[] | null): Promise<Map<string, string>> {
  if (producerIds !== null && producerIds.length === 0) return new Map()
  let q = db
    .selectFrom('dh_runs')
    .select(['producer_id'])
    .select((eb) => eb.fn.max('planned_at').as('last'))
    .where('trigger', '!=', 'manual')
    .groupBy('producer_id')
  if (producerIds !== null) q = q.where('producer_id', 'in', producerIds)
  const rows = await q.execute()
  return new Map(rows.map((r) => [r.producer_id, String(r.last)]))
}

/** The newest run of each producer (by planned time, "run now" included), in one read. */
export async function lastRuns(db: RuntimeDb, producerIds: readonly string[]): Promise<Map<string, RunRow>> {
  if (producerIds.length === 0) return new Map()
  const newest = db.selectFrom('dh_runs').select(['producer_id']).select((eb) => eb.fn.max('planned_at').as('last')).where('producer_id', 'in', producerIds).groupBy('producer_id').as('newest')
  // (producer, planned time) is unique: one row each.
  const rows = await db
    .selectFrom('dh_runs')
    .innerJoin(newest, (join) => join.onRef('newest.producer_id', '=', 'dh_runs.producer_id').onRef('newest.last', '=', 'dh_runs.planned_at'))
    .selectAll('dh_runs')
    .execute()
  return new Map(rows.map((r) => [r.producer_id, r]))
}

/** Runs past their topic's log retention, once ended. */
export async function purgeRuns(db: RuntimeDb, now: number): Promise<number> {
  const result = await db.deleteFrom('dh_runs').where('purge_at', '<', isoNow(now)).where('state', 'in', ['succeeded', 'failed', 'cancelled']).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A run as the console shows it. */
export const runOf = (r: RunRow, topicCode: string, locale: Locale): Run => ({
  id: r.id,
  producerId: r.producer_id,
  topicCode,
  plannedAt: r.planned_at,
  trigger: r.trigger as Run['trigger'],
  state: r.state as RunState,
  node: r.node,
  attempt: Number(r.attempt),
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  durationMs: r.started_at && r.finished_at ? Date.parse(r.finished_at) - Date.parse(r.started_at) : null,
  nextAttemptAt: r.next_attempt_at,
  rowsRead: Number(r.rows_read),
  messagesAccepted: Number(r.messages_accepted),
  messagesRefused: Number(r.messages_refused),
  error: renderStored(locale, r.error),
  pagingStop: (PAGING_STOP_REASONS as readonly string[]).includes(r.paging_stop) ? (r.paging_stop as PagingStopReason) : '',
})
