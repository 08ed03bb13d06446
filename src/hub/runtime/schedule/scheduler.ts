import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { SCHEDULED_MODES } from '../../../shared/rules/datahub/producer'
import { hubTimeZone } from '../../config'
import type { HubContext } from '../../http/context'
import type { Store } from '../../store'
import { readStoreVersions } from '../../store/dataVersions'
import { isoNow } from '../../store/ids'
import { reasonOf } from '../../kernel/deliveryError'
import { logExpiry } from '../queue/messages'
import { runtimeSettings, type RuntimeSettings } from '../settings'
import { runtimeDb, type RunRow } from '../tables'
import type { FirePlan } from './fireTimes'
import { executeRun, type StopReason } from './runOne'
import { claimFire, lastFires, runInProgress, takeOverDue, type RunTrigger } from './runs'
import { firesNow, SERIES_COLUMNS, seriesOf } from './series'

export interface Scheduler {
  /** This node's name on the runs it holds. */
  readonly node: string
  start(): void
  /** Stops firing; runs in progress stop at their next batch boundary and are handed back. */
  stop(): Promise<void>
  /** Starts a claimed run on this node (run now). */
  launch(run: RunRow): void
  /** One pass now: reload if changed, take over, fire what is due (tests and benches). */
  tick(): Promise<void>
  /** Resolves once no run of this node is in progress (tests). */
  idle(): Promise<void>
  /** Planned → actual start of every fire this node claimed, in ms (the bench reads it). */
  readonly drifts: number[]
}

/** What the scheduler keeps of one producer with a live schedule. */
interface Entry {
  producerId: string
  topicId: string
  logStoreDay: number
  logDataStoreDay: number
  /** Changes when the producer or its topic is saved: the plan is made again. */
  signature: string
  plan: FirePlan
  /** The next planned fire; null when the plan has none left. */
  due: Date | null
}

/** Runs taken over or retried per look, at most. */
const TAKE_PER_LOOK = 32

/** Each store's scheduler on this node, for "run now" (routes reach it through the store). */
const schedulers = new WeakMap<Store, Scheduler>()
export const schedulerOf = (store: Store): Scheduler | undefined => schedulers.get(store)

/**
 * The scheduler of producers' schedules (issue 14), one per hub node, started with the listening
 * hub like the delivery worker.
 *
 * It keeps every live schedule's next fire in memory — no per-producer query while nothing
 * changes. Each `scheduleCheckMs` it asks the store one question (count, latest save and version
 * sum of producers and topics) and reloads only when the answer changed, re-planning only the
 * producers whose row or topic changed. Between looks it sleeps until the earliest fire.
 *
 * A fire is claimed with an insert only one node can win (dh_runs unique producer + planned
 * time): of several nodes on one PostgreSQL store, each planned fire runs once. The winner renews
 * its lease while the run runs; a run whose node died is taken over by another node when the
 * lease ends, and a retrying run by whichever node looks first once it is due.
 *
 * Catch-up: the series of a producer stands at its last claimed fire. When the hub starts (or
 * a pass comes late) and several fires were missed, only the latest one is claimed, marked
 * 'catchup': one run, not a burst (a single fire that is merely late runs as itself). A producer saved, enabled or whose topic was enabled since is
 * counted from that save, so enabling never catches up on the time it was off.
 *
 * A fire that comes while the producer's previous run is still going is skipped (the next run
 * reads on from the checkpoint).
 */
export function createScheduler(hub: HubContext, overrides: Partial<RuntimeSettings> = {}): Scheduler {
  const settings = runtimeSettings(hub.config, overrides)
  const db = runtimeDb(hub.store.db)
  const timeZone = hubTimeZone(hub.config)
  const node = `${hostname()}#${process.pid}#${randomBytes(3).toString('hex')}`
  const entries = new Map<string, Entry>()
  const running = new Map<string, { producerId: string; topicId: string; stop: AbortController; done: Promise<void> }>()
  const drifts: number[] = []
  let signature = ''
  let lastLook = 0
  let started = false
  let stopped = false
  let timer: NodeJS.Timeout | null = null
  let pass: Promise<void> | null = null

  const lease = (now: number) => isoNow(now + settings.runLeaseMs)

  /**
   * One cheap question: has any topic, producer or consumer changed since the last look? Every
   * save of one moves the store's flow version in its transaction (store/dataVersions.ts), on
   * whichever node it was made; the read is shared with the pushes' own check.
   */
  const changeSignature = async (): Promise<string> => (await readStoreVersions(hub.store.db)).flow

  /** Re-reads the live schedules; plans anew those whose producer or topic changed. */
  async function reload(now: number, first: boolean): Promise<void> {
    const rows = await db
      .selectFrom('producers')
      .innerJoin('topics', 'topics.id', 'producers.topic_id')
      .select([
        'producers.id as producerId', 'producers.topic_id as topicId', 'producers.version as pv', 'topics.version as tv', 'topics.log_store_day', 'topics.log_data_store_day',
        ...SERIES_COLUMNS,
      ])
      .where('producers.production_mode', 'in', SCHEDULED_MODES)
      .execute()
    const live = rows.filter(firesNow)
    const liveIds = new Set(live.map((r) => r.producerId))
    // Gone, stopped or on a disabled topic: no more fires; a run in progress is cancelled.
    for (const id of [...entries.keys()]) if (!liveIds.has(id)) entries.delete(id)
    for (const run of running.values()) if (!liveIds.has(run.producerId)) run.stop.abort('disabled' satisfies StopReason)
    const changed = live.filter((r) => entries.get(r.producerId)?.signature !== `${r.pv}/${r.pat}/${r.tv}/${r.tat}`)
    if (changed.length === 0) return
    const last = await lastFires(db, first ? null : changed.map((r) => r.producerId))
    for (const r of changed) {
      const series = seriesOf(r, timeZone, last.get(r.producerId))
      if (!series) {
        entries.delete(r.producerId)
        continue
      }
      const { plan } = series
      const due = plan.next(series.since)
      entries.set(r.producerId, {
        producerId: r.producerId,
        topicId: r.topicId,
        logStoreDay: Number(r.log_store_day),
        logDataStoreDay: Number(r.log_data_store_day),
        signature: `${r.pv}/${r.pat}/${r.tv}/${r.tat}`,
        plan,
        due,
      })
    }
  }

  /** Claims the entry's fire (the latest one due, when several were missed) and runs it if won. */
  async function fire(entry: Entry, now: number): Promise<void> {
    let at = entry.due!
    let missed = false
    const following = entry.plan.next(at)
    if (following && following.getTime() <= now) {
      at = entry.plan.latest(new Date(now)) ?? at
      missed = true
    }
    entry.due = entry.plan.next(at)
    if ([...running.values()].some((r) => r.producerId === entry.producerId) || (await runInProgress(db, entry.producerId))) return
    const trigger: RunTrigger = missed ? 'catchup' : 'schedule'
    const claimed = await claimFire(db, {
      producerId: entry.producerId,
      topicId: entry.topicId,
      plannedAt: at.toISOString(),
      trigger,
      node,
      leaseUntil: lease(now),
      purgeAt: logExpiry({ logStoreDay: entry.logStoreDay, logDataStoreDay: entry.logDataStoreDay }, now),
      now,
    })
    if (!claimed) return
    drifts.push(Date.now() - at.getTime())
    launch(claimed)
  }

  function launch(run: RunRow): void {
    const stop = new AbortController()
    if (stopped) stop.abort('shutdown' satisfies StopReason)
    const done = executeRun(hub, settings, db, run, node, stop)
      .catch((err: unknown) => hub.log(`[schedule] run ${run.id} failed inside the hub: ${reasonOf(err)}`))
      .finally(() => running.delete(run.id))
    running.set(run.id, { producerId: run.producer_id, topicId: run.topic_id, stop, done })
  }

  async function look(now: number): Promise<void> {
    lastLook = now
    const current = await changeSignature()
    if (current !== signature) {
      await reload(now, signature === '')
      signature = current
    }
    for (const run of await takeOverDue(db, node, now, lease(now), TAKE_PER_LOOK)) launch(run)
  }

  async function tick(): Promise<void> {
    const now = Date.now()
    if (now - lastLook >= settings.scheduleCheckMs || signature === '') await look(now)
    for (const entry of entries.values()) {
      if (stopped) break
      if (entry.due && entry.due.getTime() <= Date.now()) await fire(entry, Date.now())
    }
  }

  /** Sleeps until the earliest fire or the next look, whichever comes first. */
  function arm(): void {
    if (!started || stopped) return
    let wake = lastLook + settings.scheduleCheckMs
    for (const e of entries.values()) if (e.due && e.due.getTime() < wake) wake = e.due.getTime()
    timer = setTimeout(loop, Math.max(0, wake - Date.now()))
  }

  function loop(): void {
    timer = null
    pass = tick()
      .catch((err: unknown) => hub.log(`[schedule] a pass of the scheduler failed: ${reasonOf(err)}`))
      .finally(() => {
        pass = null
        arm()
      })
  }

  const scheduler: Scheduler = {
    node,
    drifts,
    start() {
      if (started) return
      started = true
      schedulers.set(hub.store, scheduler)
      loop()
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      if (schedulers.get(hub.store) === scheduler) schedulers.delete(hub.store)
      await pass
      for (const run of running.values()) run.stop.abort('shutdown' satisfies StopReason)
      await Promise.all([...running.values()].map((r) => r.done))
    },
    launch,
    tick,
    async idle() {
      while (running.size > 0) await Promise.all([...running.values()].map((r) => r.done))
    },
  }
  return scheduler
}
