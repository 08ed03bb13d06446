import * as contract from '../../../shared/contract/datahub/schedule'
import { SCHEDULED_MODES, type ProductionMode } from '../../../shared/rules/datahub/producer'
import { hubTimeZone } from '../../config'
import { producerNotFound } from '../../datahub/refusals'
import { route } from '../../http/context'
import { findOrRefuse } from '../../store/findOrRefuse'
import { isoNow } from '../../store/ids'
import { logExpiry } from '../queue/messages'
import * as refuse from '../refusals'
import { runtimeSettings } from '../settings'
import { runtimeDb } from '../tables'
import { nextFires, planOf } from './fireTimes'
import { claimFire, runInProgress, runOf } from './runs'
import { schedulerOf } from './scheduler'

/** Fires the schedule preview shows. */
const PREVIEW_FIRES = 5

/**
 * POST /producer/runNow: a run outside the schedule. It runs on this node when this node runs a
 * scheduler; otherwise (HUB_WORKER=off) it is stored with its lease already over, and the
 * first node whose scheduler looks takes it.
 */
export const producerRunNow = route(contract.producerRunNow, async ({ id }, call) => {
  const db = runtimeDb(call.hub.store.db)
  const stored = await findOrRefuse(
    db
      .selectFrom('producers')
      .innerJoin('topics', 'topics.id', 'producers.topic_id')
      .select(['producers.id', 'producers.topic_id', 'producers.production_mode', 'producers.status', 'topics.code', 'topics.status as topicStatus', 'topics.log_store_day', 'topics.log_data_store_day'])
      .where('producers.id', '=', id)
      .where('topics.is_delete', '=', '0'),
    producerNotFound,
  )
  if (!SCHEDULED_MODES.includes(stored.production_mode as ProductionMode)) throw refuse.scheduleNoJob()
  if (stored.status === '0' || stored.topicStatus !== '1') throw refuse.scheduleJobNotStarted()
  if (await runInProgress(db, stored.id)) throw refuse.scheduleRunInProgress()
  const scheduler = schedulerOf(call.hub.store)
  const now = Date.now()
  const settings = runtimeSettings(call.hub.config)
  const run = await claimFire(db, {
    producerId: stored.id,
    topicId: stored.topic_id,
    plannedAt: isoNow(now),
    trigger: 'manual',
    node: scheduler?.node ?? '',
    leaseUntil: isoNow(scheduler ? now + settings.runLeaseMs : now - 1),
    purgeAt: logExpiry({ logStoreDay: Number(stored.log_store_day), logDataStoreDay: Number(stored.log_data_store_day) }, now),
    now,
  })
  // The same millisecond as another "run now" of this producer: that one is the run in progress.
  if (!run) throw refuse.scheduleRunInProgress()
  scheduler?.launch(run)
  return runOf(run, stored.code)
})

/** GET /producer/runs: the producer's runs, newest fire first. */
export const producerRuns = route(contract.producerRuns, async ({ id, state, pageNum, pageSize }, call) => {
  const db = runtimeDb(call.hub.store.db)
  let base = db.selectFrom('dh_runs').leftJoin('topics', 'topics.id', 'dh_runs.topic_id').where('dh_runs.producer_id', '=', id)
  if (state) base = base.where('dh_runs.state', '=', state)
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
  const rows = await base
    .selectAll('dh_runs')
    .select('topics.code as topicCode')
    .orderBy('dh_runs.planned_at', 'desc')
    .orderBy('dh_runs.id')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute()
  return { content: rows.map((r) => runOf(r, r.topicCode ?? '')), totalElements: Number(total.n) }
})

/** POST /producer/schedulePreview: the next five fires in the hub's time zone, or 'never fires'. */
export const producerSchedulePreview = route(contract.producerSchedulePreview, async (fields, call) => {
  const timeZone = hubTimeZone(call.hub.config)
  const now = new Date()
  // Polling without a start counts from the save, which for an edit being previewed is now.
  const plan = planOf(fields, timeZone, now)
  const fires = plan ? nextFires(plan, now, PREVIEW_FIRES) : []
  if (fires.length === 0) throw refuse.scheduleNeverFires()
  return { timeZone, fires: fires.map((d) => d.toISOString()) }
})
