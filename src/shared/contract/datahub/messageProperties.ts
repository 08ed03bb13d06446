import { z } from 'zod'

/**
 * What a message brought besides its body (issue 32 item 8): the AMQP basic properties an mq
 * producer's broker handed over, kept on the message (dh_messages.properties, migration 0027).
 * Only the properties a peer is known to rely on are kept; each is absent when the publisher did
 * not set it. A pushed or scheduled message has none (null).
 *
 * contentType and contentEncoding are what the publisher declared (e.g. `text/plain;
 * charset=iso-8859-1`): the hub decoded the body by that charset and keeps it as text, so they
 * are shown in the message log but not passed on — a consumer gets the body as UTF-8, labelled so.
 *
 * headers are the AMQP header table as amqplib reads it: strings, numbers, booleans, null,
 * arrays, nested tables, and the typed values `{"!": "timestamp" | "decimal", "value": …}`; a
 * byte array is kept as `{"!": "bytes", "value": "<base64>"}` (BYTES_MARK).
 */
export const messagePropertiesSchema = z.object({
  messageId: z.string().optional(),
  correlationId: z.string().optional(),
  /** Seconds since 1970-01-01 UTC, as AMQP carries it. */
  timestamp: z.number().optional(),
  type: z.string().optional(),
  appId: z.string().optional(),
  contentType: z.string().optional(),
  contentEncoding: z.string().optional(),
  headers: z.record(z.string(), z.unknown()).optional(),
})
export type MessageProperties = z.output<typeof messagePropertiesSchema>

/** How a byte-array header value is written in JSON (amqplib's `!` notation, a type of ours). */
export const BYTES_MARK = 'bytes'

/**
 * The HTTP headers an http consumer with passMessageProperties '1' sends (each only when the
 * message has that property). A value of printable ASCII goes as it is; any other goes as an
 * RFC 8187 ext-value, `UTF-8''` and the UTF-8 bytes percent-encoded. The timestamp is ISO 8601
 * UTC. X-Message-Headers is the header table as JSON text with every character outside printable
 * ASCII written as a \u escape, so it is always a valid header value.
 */
export const PROPERTY_HEADERS = {
  messageId: 'X-Message-Id',
  correlationId: 'X-Correlation-Id',
  timestamp: 'X-Message-Timestamp',
  type: 'X-Message-Type',
  appId: 'X-App-Id',
  headers: 'X-Message-Headers',
} as const satisfies Partial<Record<keyof MessageProperties, string>>
