import { parseFieldMappings, serialiseFieldMappings, type FieldMappingRow as MappingPair } from '../../../../shared/rules/datahub/mapping'
import { mergeMappingRows, type MappingPairLike } from '../../../../shared/rules/datahub/mappingRows'

/**
 * The mapping table as the editor holds it: the spec's rows (part 2 §3) plus a local id, which
 * React and the drag-sort need to follow a row while it moves. Ids never leave the console.
 */
export interface MappingRow {
  id: number
  sourceFieldName: string
  targetFieldName: string
}
export type MappingField = 'sourceFieldName' | 'targetFieldName'
export const MAPPING_FIELDS: readonly MappingField[] = ['sourceFieldName', 'targetFieldName']

let lastId = 0
const nextId = (): number => ++lastId

export const withIds = (pairs: readonly MappingPair[]): MappingRow[] => pairs.map((p) => ({ id: nextId(), sourceFieldName: p.sourceFieldName, targetFieldName: p.targetFieldName }))
export const blankRow = (): MappingRow => ({ id: nextId(), sourceFieldName: '', targetFieldName: '' })

/** The rows of a consumer's fieldMappings text; an unreadable text shows as an empty table. */
export const rowsFromText = (text: string): MappingRow[] => withIds(parseFieldMappings(text) ?? [])

/** Spec part 2 §4: saving emits the whole table as JSON text (names trimmed, ids dropped). */
export const textFromRows = (rows: readonly MappingRow[]): string =>
  serialiseFieldMappings(rows.map((r) => ({ sourceFieldName: r.sourceFieldName.trim(), targetFieldName: r.targetFieldName.trim() })))

/** Both columns are required (part 2 §5): the message key of a cell, or undefined. */
export const cellError = (row: MappingRow, field: MappingField): string | undefined => (row[field].trim() === '' ? 'msg_field_required' : undefined)

/** The index of the first row with an empty cell, or -1. */
export const firstInvalidRow = (rows: readonly MappingRow[]): number => rows.findIndex((r) => MAPPING_FIELDS.some((f) => cellError(r, f) != null))

/** Moves one row; the others keep their order. Out-of-range moves change nothing. */
export function moveRow(rows: readonly MappingRow[], from: number, to: number): MappingRow[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return rows as MappingRow[]
  const next = rows.slice()
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved!)
  return next
}

/** The merge rule (shared) applied to the table: the new pairs appended; how many were added. */
export function mergeIntoRows(rows: readonly MappingRow[], incoming: Iterable<MappingPairLike>): { rows: MappingRow[]; added: number } {
  // Cells are trimmed on blur, but one being typed in may not be yet: compare trimmed names.
  const table = rows.map((r) => ({ sourceFieldName: r.sourceFieldName.trim(), targetFieldName: r.targetFieldName.trim() }))
  const added = mergeMappingRows(table, incoming).slice(table.length)
  return { rows: added.length === 0 ? (rows as MappingRow[]) : [...rows, ...withIds(added)], added: added.length }
}
