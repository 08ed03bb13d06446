import * as contract from '../../../shared/contract/datahub/schedule'
import { SCHEDULED_MODES } from '../../../shared/rules/datahub/producer'
import { hubTimeZone } from '../../config'
import { route } from '../../http/context'
import { runtimeDb } from '../tables'
import { lastFires, lastRuns, runOf } from './runs'
import { firesNow, SERIES_COLUMNS, seriesOf, upcomingFire } from './series'

/**
 * GET /producer/schedules: the last run and next fire of the scheduled producers of the topics on
 * screen, in three reads whatever their number. The next fire comes from the series the scheduler
 * plans (series.ts), not from a preview counting from now.
 */
export const producerSchedules = route(contract.producerSchedules, async ({ topicCodes }, call) => {
  if (topicCodes.length === 0) return { producers: [] }
  const db = runtimeDb(call.hub.store.db)
  const timeZone = hubTimeZone(call.hub.config)
  const rows = await db
    .selectFrom('producers')
    .innerJoin('topics', 'topics.id', 'producers.topic_id')
    .select(['producers.id as producerId', 'topics.code as topicCode', ...SERIES_COLUMNS])
    .where('topics.code', 'in', topicCodes)
    .where('topics.is_delete', '=', '0')
    .where('producers.production_mode', 'in', SCHEDULED_MODES)
    .execute()
  const ids = rows.map((r) => r.producerId)
  const [fires, runs] = await Promise.all([lastFires(db, ids), lastRuns(db, ids)])
  const now = new Date()
  return {
    producers: rows.map((r) => {
      const series = firesNow(r) ? seriesOf(r, timeZone, fires.get(r.producerId)) : null
      const next = series && upcomingFire(series, now)
      const run = runs.get(r.producerId)
      const last = run && runOf(run, r.topicCode, call.locale)
      return {
        producerId: r.producerId,
        topicCode: r.topicCode,
        lastRun: last ? { id: last.id, state: last.state, plannedAt: last.plannedAt, finishedAt: last.finishedAt, messagesAccepted: last.messagesAccepted } : null,
        nextFireAt: next ? next.toISOString() : null,
        timeZone,
      }
    }),
  }
})
