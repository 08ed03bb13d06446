import type { Run } from '../../../shared/contract/datahub/schedule'
import { producerNotFound } from '../../datahub/refusals'
import type { CallContext } from '../../http/context'
import { findOrRefuse } from '../../store/findOrRefuse'
import { isoNow } from '../../store/ids'
import { logExpiry } from '../queue/messages'
import * as refuse from '../refusals'
import { runtimeSettings } from '../settings'
import { runtimeDb } from '../tables'
import { claimFire, runInProgress, runOf } from './runs'
import { schedulerOf } from './scheduler'

/**
 * Runs an operator asks for outside the schedule: "run now" (handlers.ts) and "run with this
 * file" (runWithFile.ts). Each route checks the mode it serves between `manualRunTarget` and
 * `refuseUnstartable`, and does its own work before `startManualRun`.
 */

/** The producer (under a live topic) as a manual run needs it. */
export const manualRunTarget = (call: CallContext, id: string) =>
  findOrRefuse(
    runtimeDb(call.hub.store.db)
      .selectFrom('producers')
      .innerJoin('topics', 'topics.id', 'producers.topic_id')
      .select(['producers.id', 'producers.topic_id', 'producers.production_mode', 'producers.status', 'topics.code', 'topics.status as topicStatus', 'topics.log_store_day', 'topics.log_data_store_day'])
      .where('producers.id', '=', id)
      .where('topics.is_delete', '=', '0'),
    producerNotFound,
  )
export type ManualRunTarget = Awaited<ReturnType<typeof manualRunTarget>>

/** Refuses a run of a producer that is stopped, on a disabled topic, or already running. */
export async function refuseUnstartable(call: CallContext, target: ManualRunTarget): Promise<void> {
  if (target.status === '0' || target.topicStatus !== '1') throw refuse.scheduleJobNotStarted()
  if (await runInProgress(runtimeDb(call.hub.store.db), target.id)) throw refuse.scheduleRunInProgress()
}

/**
 * Claims a manual run and starts it on this node when this node runs a scheduler; otherwise
 * (HUB_WORKER=off) it is stored with its lease already over, and the first node whose scheduler
 * looks takes it.
 */
export async function startManualRun(call: CallContext, target: ManualRunTarget): Promise<Run> {
  const db = runtimeDb(call.hub.store.db)
  const scheduler = schedulerOf(call.hub.store)
  const now = Date.now()
  const settings = runtimeSettings(call.hub.config)
  const run = await claimFire(db, {
    producerId: target.id,
    topicId: target.topic_id,
    plannedAt: isoNow(now),
    trigger: 'manual',
    node: scheduler?.node ?? '',
    leaseUntil: isoNow(scheduler ? now + settings.runLeaseMs : now - 1),
    purgeAt: logExpiry({ logStoreDay: Number(target.log_store_day), logDataStoreDay: Number(target.log_data_store_day) }, now),
    now,
  })
  // The same millisecond as another manual run of this producer: that one is the run in progress.
  if (!run) throw refuse.scheduleRunInProgress()
  scheduler?.launch(run)
  return runOf(run, target.code, call.locale)
}
