import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, makeStyles, mergeClasses, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import type { VersionBacktrack } from '../../../../shared/contract/platform/versionBacktrack'
import { formatDateTime } from '../../../components/formatDateTime'
import { diffSnapshots, orderPair } from './versionDiff'

const useStyles = makeStyles({
  changed: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  value: { whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, verticalAlign: 'top' },
  field: { verticalAlign: 'top', width: '200px' },
  scroll: { maxHeight: '60vh', overflowY: 'auto' },
})

/** Two versions side by side (older left), changed fields highlighted and labelled (not by colour alone). */
export function VersionCompare({ a, b }: { a: VersionBacktrack; b: VersionBacktrack }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [older, newer] = orderPair(a, b)
  const diff = useMemo(() => diffSnapshots(older.content, newer.content), [older, newer])
  const [onlyChanged, setOnlyChanged] = useState(false)
  const shown = onlyChanged ? diff.filter((d) => d.changed) : diff
  return (
    <>
      <Switch label={t('version:only_changed')} checked={onlyChanged} onChange={(_, d) => setOnlyChanged(d.checked)} />
      <div className={styles.scroll}>
        <Table size="small" aria-label={t('version:compare_table')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.field}>{t('version:col_field')}</TableHeaderCell>
              <TableHeaderCell>{t('version:col_version_of', { version: older.version, time: formatDateTime(older.createdAt) })}</TableHeaderCell>
              <TableHeaderCell>{t('version:col_version_of', { version: newer.version, time: formatDateTime(newer.createdAt) })}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((d) => (
              <TableRow key={d.field} className={mergeClasses(d.changed && styles.changed)} data-changed={d.changed || undefined}>
                <TableCell className={styles.field}>
                  {d.field} {d.changed && <Badge appearance="tint" color="warning" size="small">{t('version:changed')}</Badge>}
                </TableCell>
                <TableCell className={styles.value}>{d.older}</TableCell>
                <TableCell className={styles.value}>{d.newer}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  )
}
