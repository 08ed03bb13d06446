import type { FieldMappingRow } from './mapping'

/** A pair as a bulk source hands it over: names may carry spaces, be empty, or not be text at all. */
export interface MappingPairLike {
  sourceFieldName?: unknown
  targetFieldName?: unknown
}

const name = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v)).trim()

// A separator no trimmed field name can contain, so 'a\u0000b' keys never collide.
const keyOf = (row: FieldMappingRow) => `${row.sourceFieldName}\u0000${row.targetFieldName}`

/**
 * Part 2 §4, the merge rule of every bulk source (Excel upload, get-all-fields, JSON parse,
 * smart mapping): names are trimmed; a pair is added only if neither name is empty and the same
 * source and target pair is not already in the table (nor earlier in the same batch). Existing
 * rows stay as they are, in their order; new ones follow in the order they came.
 */
export function mergeMappingRows(existing: readonly FieldMappingRow[], incoming: Iterable<MappingPairLike>): FieldMappingRow[] {
  const merged = [...existing]
  const seen = new Set(existing.map(keyOf))
  for (const pair of incoming) {
    const row = { sourceFieldName: name(pair.sourceFieldName), targetFieldName: name(pair.targetFieldName) }
    if (row.sourceFieldName === '' || row.targetFieldName === '') continue
    const key = keyOf(row)
    if (seen.has(key)) continue
    seen.add(key)
    merged.push(row)
  }
  return merged
}

/** The rows of one bulk source on their own: trimmed, without empty names or repeated pairs. */
export const cleanMappingRows = (incoming: Iterable<MappingPairLike>): FieldMappingRow[] => mergeMappingRows([], incoming)
