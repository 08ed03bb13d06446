import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, makeStyles, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular, BranchCompareRegular } from '@fluentui/react-icons'
import type { VersionBacktrack } from '../../../../shared/contract/platform/versionBacktrack'
import { formatDateTime } from '../../../components/formatDateTime'
import { PaginationBar } from '../../../components/pagination/PaginationBar'
import { useVersionList, type VersionFilter } from './useVersionList'
import { VersionCompare } from './VersionCompare'
import { snapshotName } from './versionDiff'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  hint: { color: tokens.colorNeutralForeground3 },
  pick: { width: '48px' },
})

/**
 * Version records of one topic, producer or consumer (or of all, on the version page), newest
 * first; tick two and compare them side by side.
 */
export function VersionHistory({ filter, showRecord = false }: { filter: VersionFilter; showRecord?: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const list = useVersionList(filter)
  const [picked, setPicked] = useState<VersionBacktrack[]>([])
  const [comparing, setComparing] = useState(false)
  const typeLabel = (code: string) => (code === 'topic' ? t('version:type_topic') : code === 'producer' ? t('version:type_producer') : t('version:type_consumer'))
  // At most two: ticking a third drops the oldest tick.
  const toggle = (r: VersionBacktrack, on: boolean) => setPicked((p) => (on ? [...p.filter((x) => x.id !== r.id), r].slice(-2) : p.filter((x) => x.id !== r.id)))

  if (comparing && picked.length === 2) {
    return (
      <div className={styles.root}>
        <div className={styles.toolbar}>
          <Button icon={<ArrowLeftRegular />} onClick={() => setComparing(false)}>
            {t('version:back_to_list')}
          </Button>
        </div>
        <VersionCompare a={picked[0]!} b={picked[1]!} />
      </div>
    )
  }
  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Button appearance="primary" icon={<BranchCompareRegular />} disabled={picked.length !== 2} onClick={() => setComparing(true)}>
          {t('version:compare')}
        </Button>
        <Text className={styles.hint}>{t('version:compare_hint')}</Text>
      </div>
      {list.loading && <Spinner size="small" label={t('widgets:loading')} />}
      <Table size="small" aria-label={t('version:table')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.pick}>{t('version:col_pick')}</TableHeaderCell>
            <TableHeaderCell>{t('version:col_version')}</TableHeaderCell>
            {showRecord && <TableHeaderCell>{t('version:col_type')}</TableHeaderCell>}
            {showRecord && <TableHeaderCell>{t('version:col_name')}</TableHeaderCell>}
            <TableHeaderCell>{t('version:col_remark')}</TableHeaderCell>
            <TableHeaderCell>{t('version:col_by')}</TableHeaderCell>
            <TableHeaderCell>{t('version:col_approved_by')}</TableHeaderCell>
            <TableHeaderCell>{t('version:col_time')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.records.map((r) => (
            <TableRow key={r.id}>
              <TableCell>
                <Checkbox aria-label={t('version:pick', { version: r.version })} checked={picked.some((x) => x.id === r.id)} onChange={(_, d) => toggle(r, d.checked === true)} />
              </TableCell>
              <TableCell>{r.version}</TableCell>
              {showRecord && <TableCell>{typeLabel(r.typeCode)}</TableCell>}
              {showRecord && <TableCell>{snapshotName(r.content)}</TableCell>}
              <TableCell>{r.remark === 'create' ? t('version:remark_create') : r.remark === 'update' ? t('version:remark_update') : r.remark}</TableCell>
              <TableCell>{r.createdBy}</TableCell>
              {/* An approved change is saved as its submitter: who approved it is said beside. */}
              <TableCell>{r.approvedBy ?? ''}</TableCell>
              <TableCell>{formatDateTime(r.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!list.loading && list.records.length === 0 && <Text className={styles.hint}>{t('widgets:empty')}</Text>}
      <PaginationBar total={list.total} pageNum={list.page.pageNum} pageSize={list.page.pageSize} onChange={list.setPage} />
    </div>
  )
}
