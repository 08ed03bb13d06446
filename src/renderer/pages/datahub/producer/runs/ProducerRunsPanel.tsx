import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { ArrowClockwiseRegular, PlayRegular } from '@fluentui/react-icons'
import { producerRuns, type Run } from '../../../../../shared/contract/datahub/schedule'
import { AUTO_REFRESH_MS, useHubQuery } from '../../../../api/query'
import { DEFAULT_PAGE } from '../../../../components/pagination/pager'
import { PaginationBar, type PageChange } from '../../../../components/pagination/PaginationBar'
import { isLive } from './runLabels'
import { RunsTable } from './RunsTable'
import { useLiveReload } from './useLiveReload'
import { useRunNow } from './useRunNow'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
})

const NO_RUNS: Run[] = []

/**
 * A producer's run history with "run now": one page of runs, asked again every two seconds while
 * one of them is running or waiting for its next try, after a "run now", and quietly every 10 s
 * otherwise (a scheduled run starts underneath). Says what disabling
 * does, since that is where an operator stops a run.
 */
export function ProducerRunsPanel({ producerId }: { producerId: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [page, setPage] = useState<PageChange>(DEFAULT_PAGE)
  const { data, loading, reload } = useHubQuery(producerRuns, { id: producerId, ...page }, { refreshEvery: AUTO_REFRESH_MS })
  const runs = data?.content ?? NO_RUNS
  useLiveReload(runs.some((r) => isLive(r.state)), reload)
  const runNow = useRunNow()
  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Button appearance="primary" icon={<PlayRegular />} disabled={runNow.pending} onClick={() => void runNow.start(producerId)}>
          {t('runs:run_now')}
        </Button>
        <Button icon={<ArrowClockwiseRegular />} onClick={reload}>
          {t('common:refresh')}
        </Button>
        {loading && <Spinner size="tiny" aria-label={t('widgets:loading')} />}
      </div>
      <Text size={200} className={styles.muted}>
        {t('runs:disable_note')}
      </Text>
      <RunsTable runs={runs} />
      {!loading && runs.length === 0 && <Text className={styles.muted}>{t('runs:no_runs')}</Text>}
      <PaginationBar total={data?.totalElements ?? 0} pageNum={page.pageNum} pageSize={page.pageSize} onChange={setPage} disabled={loading} />
    </div>
  )
}
