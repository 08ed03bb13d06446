import { useTranslation } from 'react-i18next'
import type { VersionBacktrack } from '../../../../shared/contract/platform/versionBacktrack'
import { formatDateTime } from '../../../components/formatDateTime'
import { SnapshotCompare } from './SnapshotCompare'
import { orderPair } from './versionDiff'

/** Two versions side by side (older left), changed fields highlighted and labelled (not by colour alone). */
export function VersionCompare({ a, b }: { a: VersionBacktrack; b: VersionBacktrack }) {
  const { t } = useTranslation()
  const [older, newer] = orderPair(a, b)
  return (
    <SnapshotCompare
      older={older.content}
      newer={newer.content}
      olderLabel={t('version:col_version_of', { version: older.version, time: formatDateTime(older.createdAt) })}
      newerLabel={t('version:col_version_of', { version: newer.version, time: formatDateTime(newer.createdAt) })}
    />
  )
}
