import type { MessageProperties as AmqpProperties } from 'amqplib'
import { BYTES_MARK, type MessageProperties } from '../../../shared/contract/datahub/messageProperties'

/**
 * The AMQP properties an mq producer's message keeps (contract/datahub/messageProperties.ts):
 * those set, unchanged, the header table with its byte arrays written as `{"!":"bytes"}` so it
 * survives as JSON. Not kept: delivery mode and priority (the hub's own delivery decides those),
 * expiration (relative to the first broker), reply-to and user id (names on the first broker,
 * which RabbitMQ checks against the connection's user). Null when nothing is set.
 */
export function keptProperties(properties: Partial<AmqpProperties>): MessageProperties | null {
  const kept: MessageProperties = {}
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
  const set = <K extends keyof MessageProperties>(key: K, value: MessageProperties[K] | undefined) => {
    if (value !== undefined) kept[key] = value
  }
  set('messageId', text(properties.messageId))
  set('correlationId', text(properties.correlationId))
  set('timestamp', typeof properties.timestamp === 'number' ? properties.timestamp : undefined)
  set('type', text(properties.type))
  set('appId', text(properties.appId))
  set('contentType', text(properties.contentType))
  set('contentEncoding', text(properties.contentEncoding))
  const headers = properties.headers as Record<string, unknown> | undefined
  if (headers && Object.keys(headers).length > 0) kept.headers = asJson(headers) as Record<string, unknown>
  return Object.keys(kept).length > 0 ? kept : null
}

/** A header value as JSON can carry it: byte arrays (Buffers) as base64 under the bytes mark. */
function asJson(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { '!': BYTES_MARK, value: value.toString('base64') }
  if (Array.isArray(value)) return value.map(asJson)
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asJson(v)]))
  return value
}

/** A kept header value back as amqplib publishes it: the bytes mark becomes a Buffer again (an AMQP byte array). */
export function asAmqp(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asAmqp)
  if (value === null || typeof value !== 'object') return value
  const v = value as Record<string, unknown>
  if (v['!'] === BYTES_MARK && typeof v.value === 'string') return Buffer.from(v.value, 'base64')
  // Typed values (timestamp, decimal) are amqplib's own notation: passed as they are.
  if ('!' in v) return v
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asAmqp(x)]))
}
