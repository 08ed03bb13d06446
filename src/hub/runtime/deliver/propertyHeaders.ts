import { PROPERTY_HEADERS, type MessageProperties } from '../../../shared/contract/datahub/messageProperties'
import { stringifyExact } from '../json/exact'

/** Printable ASCII: what any HTTP stack sends and reads back unchanged. */
const PLAIN = /^[\x20-\x7e]*$/

/** A header value as PROPERTY_HEADERS says: as it is when plain, else an RFC 8187 ext-value. */
export function headerValue(text: string): string {
  return PLAIN.test(text) ? text : `UTF-8''${encodeURIComponent(text)}`
}

/** JSON text with every character outside printable ASCII as a \\u escape (still the same JSON value). */
const asciiJson = (value: unknown): string => stringifyExact(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** The AMQP timestamp (seconds) as ISO 8601 UTC; the number itself when no date has it. */
function timestampText(seconds: number): string {
  const date = new Date(seconds * 1000)
  return Number.isNaN(date.getTime()) ? String(seconds) : date.toISOString()
}

/**
 * The HTTP headers of a message's properties (contract/datahub/messageProperties.ts,
 * PROPERTY_HEADERS), for an http consumer that asks for them (passMessageProperties '1').
 * Only the properties the message has; none for a message without properties.
 */
export function propertyHeaders(properties: MessageProperties | null): [string, string][] {
  if (!properties) return []
  const out: [string, string][] = []
  const add = <T>(name: string, value: T | undefined, text: (value: T) => string) => {
    if (value !== undefined) out.push([name, text(value)])
  }
  add(PROPERTY_HEADERS.messageId, properties.messageId, headerValue)
  add(PROPERTY_HEADERS.correlationId, properties.correlationId, headerValue)
  add(PROPERTY_HEADERS.timestamp, properties.timestamp, timestampText)
  add(PROPERTY_HEADERS.type, properties.type, headerValue)
  add(PROPERTY_HEADERS.appId, properties.appId, headerValue)
  add(PROPERTY_HEADERS.headers, properties.headers, asciiJson)
  return out
}
