import { useTranslation } from 'react-i18next'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { LiveCounts } from '../../../../../shared/contract/datahub/runtime'
import { AppLink } from '../../../../components/AppLink'
import { groupThousands } from '../../../../../../locales/placeholders'

/** The message log's seeded menu path (hub seed: datahub.messageLog). */
export const MESSAGE_LOG_PATH = '/datahub/message-log'

const useStyles = makeStyles({
  // Two lines when one is too narrow (the topic cylinder at 1280 px cut "重试中", issue 23): the
  // counts wrap between themselves, never inside one; flowLayout's box heights leave room for it.
  root: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
  link: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS },
  count: { whiteSpace: 'nowrap' },
  failed: { color: tokens.colorPaletteRedForeground1 },
  retrying: { color: tokens.colorPaletteMarigoldForeground1 },
  // Read by screen readers, not shown: the counts are on screen already.
  announce: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
})

/**
 * One line of live counts on a flow box: received, delivered, failed, in retry. The line is a
 * link to the topic's message log (the flow row's way there). A named group, not a live region:
 * the counts are polled, and a status region read every poll out (issue 44 item 9). Only
 * failures are announced: the live region's text changes when the failed count does.
 */
export function LiveCountsLine({ counts, topicCode }: { counts: LiveCounts | undefined; topicCode: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const c = counts ?? { received: 0, delivered: 0, failed: 0, retrying: 0, waiting: 0 }
  const parts: [string, number, string | undefined][] = [
    [t('runtime:live_received'), c.received, undefined],
    [t('runtime:live_delivered'), c.delivered, undefined],
    [t('runtime:live_failed'), c.failed, c.failed > 0 ? styles.failed : undefined],
    [t('runtime:live_retrying'), c.retrying, c.retrying > 0 ? styles.retrying : undefined],
  ]
  const text = parts.map(([label, n]) => `${label} ${groupThousands(n)}`).join(' · ')
  return (
    // nodrag/nopan: a click on the link must not start a pan of the diagram.
    <div className={mergeClasses(styles.root, 'nodrag', 'nopan')} role="group" aria-label={`${t('runtime:live_label')}: ${text}`} title={t('runtime:live_open_log')}>
      <span role="status" className={styles.announce}>
        {c.failed > 0 ? t('runtime:live_failed_announce', { label: t('runtime:live_label'), count: c.failed }) : ''}
      </span>
      <AppLink className={styles.link} to={`${MESSAGE_LOG_PATH}?topicCode=${encodeURIComponent(topicCode)}`}>
        {parts.map(([label, n, cls]) => (
          <span key={label} className={mergeClasses(styles.count, cls)}>
            {label} {groupThousands(n)}
          </span>
        ))}
      </AppLink>
    </div>
  )
}
