import type { ResultCodeValue } from '../../../../shared/envelope'
import { decode } from '../../../kernel/outbound/httpFetch'
import { Refusal } from '../../../kernel/refusal'
import type { SoapVersion } from '../../soap/versions'
import { readEnvelope, requestInput } from './request'

/** One pushed SOAP call to read (envelopePool.ts sends it, envelopeWorker.ts reads it). */
export interface EnvelopeTask {
  body: Uint8Array
  contentType: string
}

/**
 * The request element's fields, or the refusal of the envelope (a Refusal does not survive the
 * thread boundary as itself). `version` is the envelope's once it was read: a refusal of a
 * document that is no envelope answers in the version the media type names.
 */
export type EnvelopeAnswer =
  | { version: SoapVersion; raw: Record<string, string | undefined> }
  | { version: SoapVersion | null; refused: { code: ResultCodeValue; key: string; params: Record<string, string | number> } }

/** What service.ts did in the hub's thread: decode, refuse a DOCTYPE, parse, check the headers, read the fields. */
export function readSoapRequest({ body, contentType }: EnvelopeTask): EnvelopeAnswer {
  let version: SoapVersion | null = null
  try {
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
    const parts = readEnvelope(decode(bytes, contentType))
    version = parts.version
    return { version, raw: requestInput(parts) }
  } catch (err) {
    if (err instanceof Refusal) return { version, refused: { code: err.code, key: err.messageKey, params: err.params } }
    throw err
  }
}
