import { useEffect } from 'react'
import type { ProducerSummary } from '../../../../shared/contract/datahub/producer'
import { producerRuns, producerSchedulePreview, type Run } from '../../../../shared/contract/datahub/schedule'
import { SCHEDULED_MODES, type ProductionMode } from '../../../../shared/rules/datahub/producer'
import { useHubQuery } from '../../../api/query'
import { scheduleFieldsOf } from '../../../components/schedule/useSchedulePreview'
import { isLive } from '../producer/runs/runLabels'
import { useLiveReload } from '../producer/runs/useLiveReload'
import { LIVE_COUNTS_REFRESH_MS } from './liveCounts'

/** Longest wait before asking again for the next fire (setTimeout's limit is about 24 days). */
const MAX_WAIT_MS = 3_600_000
/** After a fire, the hub needs a moment to claim it: ask again this long after the fire time. */
const AFTER_FIRE_MS = 1500

export interface ProducerSchedule {
  /** The producer's mode is one the hub fetches in on a schedule. */
  scheduled: boolean
  /** It fires: scheduled, enabled, on an enabled topic. */
  firing: boolean
  lastRun: Run | null
  /** The next fire (ISO), while it fires. */
  nextFire: string | null
}

/**
 * What a flow row shows of a producer's schedule: its last run (the runs list, one row, asked
 * again every 10 s while that run is live and whenever a "run now" invalidates the runs) and its
 * next fire (the schedule preview of the stored fields; asked again once that time has passed).
 * Quiet: this is an extra on the row; a failure leaves it blank.
 *
 * A polling schedule without a start counts, on the hub, from the producer's last save, which the
 * row does not know: the preview counts from now, so that next fire may be early by less than one
 * interval.
 */
export function useProducerSchedule(p: ProducerSummary | null, topicEnabled: boolean): ProducerSchedule {
  const scheduled = p != null && SCHEDULED_MODES.includes(p.productionMode as ProductionMode)
  const firing = scheduled && p.status !== '0' && topicEnabled
  const last = useHubQuery(producerRuns, { id: p?.id ?? '', pageNum: 1, pageSize: 1 }, { quiet: true, enabled: scheduled })
  const lastRun = (scheduled && last.data?.content[0]) || null
  useLiveReload(lastRun != null && isLive(lastRun.state), last.reload, LIVE_COUNTS_REFRESH_MS)
  const next = useHubQuery(producerSchedulePreview, p ? scheduleFieldsOf(p) : scheduleFieldsOf({ requestStrategy: '', weeks: '', amHours: '', pmHours: '', minutes: '', pollingInterval: '', intervalUnit: '' }), {
    quiet: true,
    enabled: firing,
  })
  const nextFire = (firing && !next.error && next.data?.fires[0]) || null
  const { reload: reloadNext } = next
  const { reload: reloadLast } = last
  useEffect(() => {
    if (!nextFire) return
    const wait = Math.min(Math.max(Date.parse(nextFire) - Date.now() + AFTER_FIRE_MS, AFTER_FIRE_MS), MAX_WAIT_MS)
    const timer = setTimeout(() => {
      reloadNext()
      reloadLast()
    }, wait)
    return () => clearTimeout(timer)
  }, [nextFire, reloadNext, reloadLast])
  return { scheduled, firing, lastRun, nextFire }
}
