import type { FieldMappingRow } from '../../../shared/rules/datahub/mapping'
import { DeliveryError } from './types'

/** A row to write: target column → value, in mapping order. */
export type TargetRow = [column: string, value: unknown][]

/** `a.b.c` reads nested fields; a plain name reads a top-level field (which may contain dots). */
function read(record: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(record, path)) return record[path]
  let value: unknown = record
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return null
    value = (value as Record<string, unknown>)[part]
  }
  return value
}

/** Objects and lists go into a text column as JSON; a missing field is NULL. */
const cell = (v: unknown): unknown => (v === undefined ? null : v !== null && typeof v === 'object' ? JSON.stringify(v) : v)

/**
 * The message as table rows: a JSON object is one row, a list of objects one row each; every
 * mapping row copies a source field (sourceFieldName) into a column (targetFieldName).
 */
export function targetRows(payloadText: string, mappings: readonly FieldMappingRow[]): TargetRow[] {
  if (mappings.length === 0) throw new DeliveryError('the consumer has no field mappings: nothing says which column gets which field', true)
  let data: unknown
  try {
    data = JSON.parse(payloadText)
  } catch {
    throw new DeliveryError('a dblink consumer needs JSON data (an object or a list of objects)', true)
  }
  const records = Array.isArray(data) ? data : [data]
  return records.map((r, i) => {
    if (r === null || typeof r !== 'object' || Array.isArray(r)) throw new DeliveryError(`record ${i + 1} is not a JSON object`, true)
    return mappings.map((m) => [m.targetFieldName, cell(read(r as Record<string, unknown>, m.sourceFieldName))] as [string, unknown])
  })
}
