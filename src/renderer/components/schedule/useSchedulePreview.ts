import { producerSchedulePreview } from '../../../shared/contract/datahub/schedule'
import { ResultCode } from '../../../shared/envelope'
import { useHubQuery } from '../../api/query'
import { useSettledValue } from '../useSettledValue'
import type { ScheduleValue } from './ScheduleEditor'

/** Edits closer together than this are one preview call (a click on each of several checkboxes). */
export const PREVIEW_SETTLE_MS = 400

export interface SchedulePreview {
  /** The next fires (ISO instants) of the schedule on screen; [] while none is known. */
  fires: readonly string[]
  /** The hub's time zone, which the schedule fires in. */
  timeZone: string | null
  /** The hub's refusal (translated) when the schedule on screen never fires; it blocks the save. */
  neverFires: string | null
  /** The fires shown are not yet those of the schedule on screen (typing, or the call on its way). */
  pending: boolean
}

const NONE: readonly string[] = []

/** What the hub is asked: the schedule's fields only, as the producer stores them. */
export const scheduleFieldsOf = (v: ScheduleValue) => ({
  requestStrategy: v.requestStrategy,
  weeks: v.weeks,
  amHours: v.amHours,
  pmHours: v.pmHours,
  minutes: v.minutes,
  pollingInterval: v.pollingInterval,
  intervalUnit: v.intervalUnit,
  pollingStartTime: v.pollingStartTime ?? '',
})

/**
 * The schedule's next five fires as the hub plans them (POST /producer/schedulePreview), asked
 * again once the operator stops changing it. Quiet: a refusal is shown under the widget, not as a
 * toast; a hub that cannot answer leaves the preview empty and blocks nothing.
 */
export function useSchedulePreview(value: ScheduleValue | null): SchedulePreview {
  const fields = value ? scheduleFieldsOf(value) : null
  const settled = useSettledValue(fields, PREVIEW_SETTLE_MS)
  const current = JSON.stringify(fields) === JSON.stringify(settled)
  const asked = settled ?? undefined
  const { data, error, loading } = useHubQuery(producerSchedulePreview, asked as NonNullable<typeof asked>, { quiet: true, enabled: asked != null })
  const refused = error?.code === ResultCode.validation ? error.message : null
  return {
    fires: error || !data ? NONE : data.fires,
    timeZone: data?.timeZone ?? null,
    neverFires: current && !loading ? refused : null,
    pending: !current || loading,
  }
}
