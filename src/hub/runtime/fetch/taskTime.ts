import type { z } from 'zod'
import type { producerHttpModelSchema } from '../../../shared/contract/datahub/producerModels'
import { FetchError } from './fetcher'
import { formatTime, parseTime } from './timeFormat'
import { keyed } from '../../text/keyedText'

type HttpModel = z.infer<typeof producerHttpModelSchema>

/**
 * Task-time recording of an http producer (isRecordTaskTime '1'), so that each run asks its
 * source only for what is new since the last one:
 * - taskTimeSourceType '1': the time the run sent its first request (taken before it, so data
 *   written while the run reads is asked for again next time rather than missed), written in
 *   taskTimeSourceFormat when set, else ISO 8601 (UTC);
 * - '2': the latest value of the field taskTimeSourceField (a dotted path into each record) in
 *   the data the run read, kept as the source wrote it; taskTimeSourceFormat says how to read
 *   it to find the latest (without one, a number is epoch milliseconds and text an ISO time).
 *   A run that reads no record keeps the time it was sent.
 */
export type TaskTimeRule = { kind: 'off' } | { kind: 'runTime'; format: string } | { kind: 'field'; path: string[]; field: string; format: string }

export function taskTimeRule(model: HttpModel): TaskTimeRule {
  if (model.isRecordTaskTime !== '1') return { kind: 'off' }
  const format = model.taskTimeSourceFormat?.trim() ?? ''
  if (model.taskTimeSourceType !== '2') return { kind: 'runTime', format }
  const field = model.taskTimeSourceField?.trim() ?? ''
  if (!field) throw new FetchError(keyed('msg_exchange_fetch_task_field_missing'))
  return { kind: 'field', path: field.split('.'), field, format }
}

export const runTime = (now: Date, format: string): string => (format ? formatTime(now, format) : now.toISOString())

function fieldOf(record: unknown, path: readonly string[]): unknown {
  let at = record
  for (const key of path) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return undefined
    at = (at as Record<string, unknown>)[key]
  }
  return at
}

/** The instant a task-time value stands for, to compare; a value that cannot be read fails the run. */
function instantOf(value: string | number, rule: Extract<TaskTimeRule, { kind: 'field' }>): number {
  const text = String(value)
  const instant = rule.format ? parseTime(text, rule.format) : /^\d+$/.test(text) ? Number(text) : Date.parse(text)
  if (instant === null || !Number.isFinite(instant)) {
    const expected = rule.format ? keyed('msg_exchange_fetch_task_format', { format: rule.format }) : keyed('msg_exchange_fetch_task_default')
    throw new FetchError(keyed('msg_exchange_fetch_task_mismatch', { field: rule.field, value: text.slice(0, 100), expected }))
  }
  return instant
}

/** The latest task time among `records` and `current` (the latest so far), as the source wrote it. */
export function latestTaskTime(records: readonly unknown[], rule: Extract<TaskTimeRule, { kind: 'field' }>, current: string | null): string | null {
  let latest = current
  let latestAt = current === null ? -Infinity : instantOf(current, rule)
  for (const record of records) {
    const value = fieldOf(record, rule.path)
    if (value === undefined || value === null || value === '') continue
    if (typeof value !== 'string' && typeof value !== 'number') throw new FetchError(keyed('msg_exchange_fetch_task_no_time', { field: rule.field, value: JSON.stringify(value).slice(0, 100) }))
    const at = instantOf(value, rule)
    if (at > latestAt) {
      latest = String(value)
      latestAt = at
    }
  }
  return latest
}
