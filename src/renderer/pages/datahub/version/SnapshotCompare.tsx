import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldDiffTable } from '../../../components/FieldDiffTable'
import { diffSnapshots } from './versionDiff'

export interface SnapshotCompareProps {
  /** The older snapshot's JSON text; null when there was none (a creation). */
  older: string | null
  newer: string | null
  olderLabel: string
  newerLabel: string
}

/**
 * Two snapshots of a record side by side (older left), through the one field-diff table: the
 * version history's comparison, and the audit log's before and after.
 */
export function SnapshotCompare({ older, newer, olderLabel, newerLabel }: SnapshotCompareProps) {
  const { t } = useTranslation()
  // A side that is missing compares as an empty record: every field of the other is a change.
  const diff = useMemo(() => diffSnapshots(older ?? '{}', newer ?? '{}'), [older, newer])
  return <FieldDiffTable diff={diff} label={t('version:compare_table')} olderLabel={olderLabel} newerLabel={newerLabel} />
}
