import * as contract from '../../../shared/contract/datahub/schedule'
import { SCHEDULED_MODES, type ProductionMode } from '../../../shared/rules/datahub/producer'
import { hubTimeZone } from '../../config'
import { route } from '../../http/context'
import * as refuse from '../refusals'
import { runtimeDb } from '../tables'
import { nextFires, planOf } from './fireTimes'
import { manualRunTarget, refuseUnstartable, startManualRun } from './manualRuns'
import { runOf } from './runs'
import { page } from '../../store/paging'

/** Fires the schedule preview shows. */
const PREVIEW_FIRES = 5

/** POST /producer/runNow: a run outside the schedule (manualRuns.ts says where it runs). */
export const producerRunNow = route(contract.producerRunNow, async ({ id }, call) => {
  const target = await manualRunTarget(call, id)
  if (!SCHEDULED_MODES.includes(target.production_mode as ProductionMode)) throw refuse.scheduleNoJob()
  await refuseUnstartable(call, target)
  return startManualRun(call, target)
})

/** GET /producer/runs: the producer's runs, newest fire first. */
export const producerRuns = route(contract.producerRuns, async ({ id, state, pageNum, pageSize }, call) => {
  const db = runtimeDb(call.hub.store.db)
  let base = db.selectFrom('dh_runs').leftJoin('topics', 'topics.id', 'dh_runs.topic_id').where('dh_runs.producer_id', '=', id)
  if (state) base = base.where('dh_runs.state', '=', state)
  const rows = base.selectAll('dh_runs').select('topics.code as topicCode').orderBy('dh_runs.planned_at', 'desc').orderBy('dh_runs.id')
  return page(rows, { pageNum, pageSize }, (found) => found.map((r) => runOf(r, r.topicCode ?? '', call.locale)))
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
