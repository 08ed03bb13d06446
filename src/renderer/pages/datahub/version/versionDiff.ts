import type { VersionBacktrack } from '../../../../shared/contract/platform/versionBacktrack'
import { diffFields, type FieldDiff } from '../../../../shared/rules/fieldDiff'

export type { FieldDiff }

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

/**
 * Two snapshots side by side, field by field: every field either has, in the newer snapshot's
 * order, then fields only the older one had. `changed` marks what differs.
 */
export function diffSnapshots(olderContent: string, newerContent: string): FieldDiff[] {
  return diffFields(snapshotFields(olderContent), snapshotFields(newerContent))
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
