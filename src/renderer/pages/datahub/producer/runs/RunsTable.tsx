import { useTranslation } from 'react-i18next'
import { Badge, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import type { Run } from '../../../../../shared/contract/datahub/schedule'
import { AppLink } from '../../../../components/AppLink'
import { formatDuration, formatInstant } from '../../../../components/localTime'
import { MESSAGE_LOG_PATH } from '../../flow/boxes/LiveCountsLine'
import { pagingStopKey, RUN_STATE_COLOR, runStateKey, runTriggerKey } from './runLabels'

const useStyles = makeStyles({
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  refused: { color: tokens.colorPaletteRedForeground1 },
  error: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** The message log filtered by one run (its topic too, so the search form shows it). */
export const runMessagesPath = (run: Pick<Run, 'id' | 'topicCode'>): string =>
  `${MESSAGE_LOG_PATH}?runId=${encodeURIComponent(run.id)}${run.topicCode ? `&topicCode=${encodeURIComponent(run.topicCode)}` : ''}`

/**
 * A producer's runs, newest fire first: state, why it ran, when it was planned and started, how
 * long it took, rows read, messages accepted and refused, the error, why a paged source's paging
 * stopped (beside the error: a note, not a column most producers would leave empty); each opens
 * its messages.
 */
export function RunsTable({ runs }: { runs: readonly Run[] }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const when = (iso: string | null) => (iso ? formatInstant(iso, i18n.language) : '—')
  return (
    <Table size="small" aria-label={t('runs:table_label')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('runs:col_state')}</TableHeaderCell>
          <TableHeaderCell>{t('runs:col_trigger')}</TableHeaderCell>
          <TableHeaderCell>{t('runs:col_planned')}</TableHeaderCell>
          <TableHeaderCell>{t('runs:col_started')}</TableHeaderCell>
          <TableHeaderCell>{t('runs:col_duration')}</TableHeaderCell>
          <TableHeaderCell className={styles.number}>{t('runs:col_rows_read')}</TableHeaderCell>
          <TableHeaderCell className={styles.number}>{t('runs:col_accepted')}</TableHeaderCell>
          <TableHeaderCell className={styles.number}>{t('runs:col_refused')}</TableHeaderCell>
          <TableHeaderCell>{t('runs:col_error')}</TableHeaderCell>
          <TableHeaderCell>{t('runs:col_messages')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {runs.map((r) => (
          <TableRow key={r.id}>
            <TableCell>
              <Badge appearance="tint" color={RUN_STATE_COLOR[r.state]} size="small">
                {t(runStateKey(r.state))}
              </Badge>
              {r.attempt > 0 && <Text size={200} className={styles.muted}> {t('runs:attempt', { n: r.attempt + 1 })}</Text>}
            </TableCell>
            <TableCell>{t(runTriggerKey(r.trigger))}</TableCell>
            <TableCell>{when(r.plannedAt)}</TableCell>
            <TableCell>{when(r.startedAt)}</TableCell>
            <TableCell>{r.durationMs == null ? <Text className={styles.muted}>{t('runs:in_progress')}</Text> : formatDuration(r.durationMs, t)}</TableCell>
            <TableCell className={styles.number}>{r.rowsRead}</TableCell>
            <TableCell className={styles.number}>{r.messagesAccepted}</TableCell>
            <TableCell className={styles.number}>{r.messagesRefused > 0 ? <span className={styles.refused}>{r.messagesRefused}</span> : 0}</TableCell>
            <TableCell>
              {r.error && <Text className={styles.error}>{r.error}</Text>}
              {r.state === 'retrying' && r.nextAttemptAt && <Text className={styles.muted}> {t('runs:next_attempt', { time: when(r.nextAttemptAt) })}</Text>}
              {r.pagingStop && <Text className={styles.muted}>{t('runs:paging_stop', { reason: t(pagingStopKey(r.pagingStop)) })}</Text>}
            </TableCell>
            <TableCell>
              <AppLink to={runMessagesPath(r)} label={t('runs:open_messages', { time: when(r.plannedAt) })}>
                {t('runs:messages_link')}
              </AppLink>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
