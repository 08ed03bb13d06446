import { parseExact, stringifyExact } from '../json/exact'

/**
 * A message body as the runtime moves it: its text and what the text is. JSON stays text on
 * the way (the store keeps exactly what came in) and is parsed only where an engine needs it.
 */
export type PayloadFormat = 'json' | 'xml' | 'text'
export interface Payload {
  text: string
  format: PayloadFormat
}

export const CONTENT_TYPES: Record<PayloadFormat, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
}

export const formatOfContentType = (contentType: string): PayloadFormat =>
  contentType.includes('json') ? 'json' : contentType.includes('xml') ? 'xml' : 'text'

/** An expression that could not run on a payload: the reason an operator reads in the log. */
export class EngineError extends Error {
  override name = 'EngineError'
  constructor(
    message: string,
    /** The line of the operator's script it stopped at, when a JavaScript error names one. */
    readonly line?: number,
  ) {
    super(message)
  }
}

/**
 * The payload as a JSON value, its numbers kept digit for digit (json/exact.ts: a number no
 * double prints back as is a LosslessNumber); an engine that needs JSON refuses other text.
 */
export function jsonOf(payload: Payload): unknown {
  try {
    return parseExact(payload.text)
  } catch {
    throw new EngineError('the payload is not JSON')
  }
}

/** A value an engine produced, back as a payload: text stays text, anything else becomes JSON (kept numbers as written). */
export function payloadOf(value: unknown, like: Payload): Payload {
  if (typeof value === 'string') return { text: value, format: like.format === 'json' ? 'text' : like.format }
  return { text: stringifyExact(value), format: 'json' }
}
