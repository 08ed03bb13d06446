import type { VersionBacktrack } from '../../../../shared/contract/platform/versionBacktrack'

export interface FieldDiff {
  field: string
  older: string
  newer: string
  changed: boolean
}

/** A snapshot's fields; content that is not a JSON object shows as one field. */
export function snapshotFields(content: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(content)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>
    return { content: parsed }
  } catch {
    return { content }
  }
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

/**
 * Two snapshots side by side, field by field: every field either has, in the newer snapshot's
 * order, then fields only the older one had. `changed` marks what differs.
 */
export function diffSnapshots(olderContent: string, newerContent: string): FieldDiff[] {
  const older = snapshotFields(olderContent)
  const newer = snapshotFields(newerContent)
  const fields = [...Object.keys(newer), ...Object.keys(older).filter((k) => !(k in newer))]
  return fields.map((field) => {
    const a = fieldText(older[field])
    const b = fieldText(newer[field])
    return { field, older: a, newer: b, changed: a !== b }
  })
}

/** The chosen two records, older first (by version, then by time). */
export function orderPair(a: VersionBacktrack, b: VersionBacktrack): [VersionBacktrack, VersionBacktrack] {
  const older = a.version !== b.version ? a.version < b.version : a.createdAt <= b.createdAt
  return older ? [a, b] : [b, a]
}

/** A readable name for the record a snapshot belongs to (topic name, application…). */
export function snapshotName(content: string): string {
  const f = snapshotFields(content)
  for (const k of ['name', 'appName', 'applicationName', 'code', 'appCode', 'applicationCode']) {
    const v = f[k]
    if (typeof v === 'string' && v.trim()) return v
  }
  return ''
}
