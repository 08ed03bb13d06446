import { useTranslation } from 'react-i18next'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { CodeText } from '../../../components/code/CodeText'
import { formatDateTime } from '../../../components/formatDateTime'
import type { MessageProperties } from '../../../../shared/contract/datahub/messageProperties'
import type { MatrixMessage } from './useDeliveryMatrix'

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS, margin: 0 },
  // dt/dd pairs wrapped for React keys; the wrapper must not break the two-column grid.
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, wordBreak: 'break-all' },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** The AMQP timestamp (seconds) as local date-time with the number itself, which is what was sent. */
function sentAt(seconds: number): string {
  const date = new Date(seconds * 1000)
  return Number.isNaN(date.getTime()) ? String(seconds) : `${formatDateTime(date.toISOString())} (${seconds})`
}

/** The facts of what an mq producer's message brought besides its body (messageProperties.ts), those it has. */
function propertyFacts(p: MessageProperties, t: (key: string) => string): [string, string][] {
  const facts: [string, string | undefined][] = [
    [t('runtime:prop_message_id'), p.messageId],
    [t('runtime:prop_correlation_id'), p.correlationId],
    [t('runtime:prop_timestamp'), p.timestamp === undefined ? undefined : sentAt(p.timestamp)],
    [t('runtime:prop_type'), p.type],
    [t('runtime:prop_app_id'), p.appId],
    [t('runtime:prop_content_type'), p.contentType],
    [t('runtime:prop_content_encoding'), p.contentEncoding],
  ]
  return facts.filter((f): f is [string, string] => f[1] !== undefined)
}

/**
 * What is known of one message: id, topic, time, routing key, the properties its publisher set
 * (an mq producer's message id, correlation id, timestamp, headers…), and its data while kept.
 */
export function MessageFacts({ message }: { message: MatrixMessage }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const facts: [string, string][] = [
    [t('runtime:col_id'), message.id],
    [t('runtime:col_topic'), message.topicCode],
    [t('runtime:col_received'), formatDateTime(message.receivedAt)],
    [t('runtime:col_routing_key'), message.routingKey],
    ...(message.properties ? propertyFacts(message.properties, t) : []),
  ]
  const headers = message.properties?.headers
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
      {headers && <CodeText text={JSON.stringify(headers)} label={t('runtime:prop_headers')} />}
      {message.payload !== null ? (
        <CodeText text={message.payload} label={t('runtime:col_payload')} />
      ) : (
        <Text className={styles.muted}>{t('runtime:payload_purged_note')}</Text>
      )}
    </>
  )
}
