import { useTranslation } from 'react-i18next'
import { Link, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { formatInstant } from '../../../../components/localTime'
import { runStateKey } from '../../producer/runs/runLabels'
import type { ProducerSchedule } from '../useProducerSchedule'

const useStyles = makeStyles({
  root: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, display: 'flex', flexDirection: 'column', minWidth: 0 },
  line: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  muted: { color: tokens.colorNeutralForeground3 },
  failed: { color: tokens.colorPaletteRedForeground1 },
  // Read by screen readers, not shown: the line is on screen already.
  announce: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  live: { color: tokens.colorBrandForeground1 },
})

const TONE = { failed: 'failed', cancelled: 'muted', retrying: 'failed', running: 'live', succeeded: undefined } as const

/**
 * Two lines on a producer box the hub fetches for: its last run (state and messages accepted; a
 * link to the run history) and its next fire, in the operator's language and time zone.
 */
export function ScheduleLine({ schedule, onOpenRuns }: { schedule: ProducerSchedule; onOpenRuns: () => void }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const { lastRun, nextFire, firing } = schedule
  const tone = lastRun ? TONE[lastRun.state] : 'muted'
  const last = lastRun ? t('runs:last_run', { state: t(runStateKey(lastRun.state)), accepted: lastRun.messagesAccepted }) : t('runs:last_run_none')
  const next = nextFire ? t('runs:next_fire', { time: formatInstant(nextFire, i18n.language, { weekday: true }) }) : firing ? t('runs:next_fire_unknown') : t('runs:next_fire_off')
  return (
    // nodrag/nopan: a click on the link must not start a pan of the diagram.
    // A named group, not a live region (issue 44 item 9): the schedule is polled; only a failed
    // last run is announced.
    <div className={mergeClasses(styles.root, 'nodrag', 'nopan')} role="group" aria-label={`${last} · ${next}`}>
      <span role="status" className={styles.announce}>
        {tone === 'failed' ? last : ''}
      </span>
      <Link className={mergeClasses(styles.line, tone && styles[tone])} onClick={onOpenRuns} title={t('runs:open_runs')}>
        {last}
      </Link>
      <span className={mergeClasses(styles.line, styles.muted)} title={next}>
        {next}
      </span>
    </div>
  )
}
