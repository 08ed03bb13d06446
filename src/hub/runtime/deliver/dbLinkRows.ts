import type { FieldMappingRow } from '../../../shared/rules/datahub/mapping'
import { isExactNumber, parseExact, stringifyExact } from '../json/exact'
import { DeliveryError } from '../../kernel/deliveryError'
import { keyed } from '../../text/keyedText'

/** A row to write: target column → value, in mapping order. */
export type TargetRow = [column: string, value: unknown][]

/** One cell of a mapped record: its column, the value written, and whether the source field was there. */
export interface MappedCell {
  column: string
  source: string
  /** The value written; a number no double holds is a LosslessNumber here (targetRows writes its digits). */
  value: unknown
  /** False when the record has no such source field: the column gets NULL. */
  found: boolean
}

const MISSING = Symbol('missing')

/** `a.b.c` reads nested fields; a plain name reads a top-level field (which may contain dots). */
function read(record: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(record, path)) return record[path]
  let value: unknown = record
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return MISSING
    value = (value as Record<string, unknown>)[part]
  }
  return value
}

/** Objects and lists go into a text column as JSON; a missing field is NULL; a number kept as its digits stays one (see writtenValue). */
const cell = (v: unknown): unknown =>
  v === undefined || v === MISSING ? null : isExactNumber(v) ? v : v !== null && typeof v === 'object' ? stringifyExact(v) : v

/**
 * A cell as the driver gets it: a number no double holds (a 64-bit id, a long amount) goes as its
 * digits, which the database reads into a bigint or numeric column exactly; a double would have
 * rounded it. (The flow simulator shows it as the number it is.)
 */
export const writtenValue = (v: unknown): unknown => (isExactNumber(v) ? v.value : v)

/**
 * The message as table rows: a JSON object is one row, a list of objects one row each; every
 * mapping row copies a source field (sourceFieldName) into a column (targetFieldName).
 */
export function targetRows(payloadText: string, mappings: readonly FieldMappingRow[]): TargetRow[] {
  return mappedRecords(payloadText, mappings).map((cells) => cells.map((c) => [c.column, writtenValue(c.value)] as [string, unknown]))
}

/**
 * targetRows cell by cell, saying which mapping rows found no source field in which record: the
 * dblink consumer writes what targetRows answers, the flow simulator shows this.
 */
export function mappedRecords(payloadText: string, mappings: readonly FieldMappingRow[]): MappedCell[][] {
  if (mappings.length === 0) throw new DeliveryError(keyed('msg_exchange_no_mappings'), true)
  let data: unknown
  try {
    data = parseExact(payloadText)
  } catch {
    throw new DeliveryError(keyed('msg_exchange_dblink_not_json'), true)
  }
  const records = Array.isArray(data) ? data : [data]
  return records.map((r, i) => {
    if (r === null || typeof r !== 'object' || Array.isArray(r)) throw new DeliveryError(keyed('msg_exchange_record_not_object', { n: i + 1 }), true)
    return mappings.map((m) => {
      const found = read(r as Record<string, unknown>, m.sourceFieldName)
      return { column: m.targetFieldName, source: m.sourceFieldName, value: cell(found), found: found !== MISSING }
    })
  })
}
