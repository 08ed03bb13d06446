import { useTranslation } from 'react-i18next'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { formatDateTime } from '../../../components/formatDateTime'
import type { MatrixMessage } from './useDeliveryMatrix'

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS, margin: 0 },
  // dt/dd pairs wrapped for React keys; the wrapper must not break the two-column grid.
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, wordBreak: 'break-all' },
  payload: {
    margin: 0,
    maxHeight: '160px',
    overflow: 'auto',
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-all',
  },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** Pretty-printed when it is JSON; as stored otherwise. */
function shown(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2)
  } catch {
    return payload
  }
}

/** What is known of one message: id, topic, time, routing key, and its data while kept. */
export function MessageFacts({ message }: { message: MatrixMessage }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const facts: [string, string][] = [
    [t('runtime:col_id'), message.id],
    [t('runtime:col_topic'), message.topicCode],
    [t('runtime:col_received'), formatDateTime(message.receivedAt)],
    [t('runtime:col_routing_key'), message.routingKey],
  ]
  return (
    <>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term} className={styles.pair}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      {message.payload !== null ? (
        <pre className={styles.payload} aria-label={t('runtime:col_payload')}>
          {shown(message.payload)}
        </pre>
      ) : (
        <Text className={styles.muted}>{t('runtime:payload_purged_note')}</Text>
      )}
    </>
  )
}
