import { useTranslation } from 'react-i18next'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { CodeText } from '../../../components/code/CodeText'
import { formatDateTime } from '../../../components/formatDateTime'
import type { MatrixMessage } from './useDeliveryMatrix'

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS, margin: 0 },
  // dt/dd pairs wrapped for React keys; the wrapper must not break the two-column grid.
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, wordBreak: 'break-all' },
  muted: { color: tokens.colorNeutralForeground3 },
})

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
        <CodeText text={message.payload} label={t('runtime:col_payload')} />
      ) : (
        <Text className={styles.muted}>{t('runtime:payload_purged_note')}</Text>
      )}
    </>
  )
}
