/**
 * Field-by-field comparison of two records, shared by the version history (two snapshots of one
 * record) and promotion's plan (a target hub's record beside the document's): both show the
 * same fields, the same text per value and the same idea of "changed".
 */
export interface FieldDiff {
  field: string
  older: string
  newer: string
  changed: boolean
}

/** One field as text: strings as they are, everything else as JSON (keys sorted, so order is no change). */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  return JSON.stringify(sortKeys(value), null, 2)
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]))
  return value
}

/** Every field either record has, in the newer one's order, then fields only the older one had. */
export function diffFields(older: Record<string, unknown>, newer: Record<string, unknown>): FieldDiff[] {
  const fields = [...Object.keys(newer), ...Object.keys(older).filter((k) => !(k in newer))]
  return fields.map((field) => {
    const a = fieldText(older[field])
    const b = fieldText(newer[field])
    return { field, older: a, newer: b, changed: a !== b }
  })
}
