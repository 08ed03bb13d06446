import { useEffect, useRef, useState } from 'react'
import type { LastRun, ProducerScheduleState } from '../../../../shared/contract/datahub/schedule'
import { SCHEDULED_MODES, type ProductionMode } from '../../../../shared/rules/datahub/producer'
import type { FlowRowModel } from './flowRow'
import { producerSchedulesPoller } from './producerSchedules'

/** Longest wait before asking again for the next fire (setTimeout's limit is about 24 days). */
const MAX_WAIT_MS = 3_600_000
/** After a fire, the hub needs a moment to claim it: ask again this long after the fire time. */
const AFTER_FIRE_MS = 1500

export interface ProducerSchedule {
  /** The producer's mode is one the hub fetches in on a schedule. */
  scheduled: boolean
  /** It fires: scheduled, enabled, on an enabled topic. */
  firing: boolean
  lastRun: LastRun | null
  /** The next fire (ISO) the hub's scheduler will claim, while it fires. */
  nextFire: string | null
}

/**
 * What a flow row shows of a producer's schedule: its last run and the next fire as the hub's
 * scheduler plans it (from its last fire or last save, not from now). Every box on screen reads
 * one shared answer (producerSchedules.ts), asked every 10 s, soon after a fire has passed, and
 * soon after the producer or its topic changed on the row.
 */
export function useProducerSchedule(row: FlowRowModel): ProducerSchedule {
  const p = row.producer.data
  const topicEnabled = row.topic.status === '1'
  const scheduled = p != null && SCHEDULED_MODES.includes(p.productionMode as ProductionMode)
  const firing = scheduled && p.status !== '0' && topicEnabled
  const [state, setState] = useState<ProducerScheduleState | null>(null)
  const topicCode = scheduled ? row.topic.code : ''
  useEffect(() => {
    setState(null)
    if (!topicCode) return
    return producerSchedulesPoller.follow(topicCode, setState)
  }, [topicCode])

  // A save or toggle on the row (the producer's, or the topic's: both restart a polling count).
  const change = `${p?.id}/${p?.version}/${p?.status}/${row.topic.version}/${row.topic.status}`
  const seen = useRef(change)
  useEffect(() => {
    if (seen.current === change) return
    seen.current = change
    if (topicCode) producerSchedulesPoller.refreshSoon()
  }, [change, topicCode])

  // An answer about another producer (the row's was replaced) is not this one's.
  const mine = state && p && state.producerId === p.id ? state : null
  const nextFire = (firing && mine?.nextFireAt) || null
  useEffect(() => {
    if (!nextFire) return
    const wait = Math.min(Math.max(Date.parse(nextFire) - Date.now() + AFTER_FIRE_MS, AFTER_FIRE_MS), MAX_WAIT_MS)
    const timer = setTimeout(() => producerSchedulesPoller.refreshSoon(), wait)
    return () => clearTimeout(timer)
  }, [nextFire])
  return { scheduled, firing, lastRun: (scheduled && mine?.lastRun) || null, nextFire }
}
