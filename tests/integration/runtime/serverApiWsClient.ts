import { DOMParser, type Element } from '@xmldom/xmldom'
import type { FastifyInstance } from 'fastify'
import { escapeText } from '../../../src/hub/runtime/soap/xmlText'
import { SERVER_API_WS } from '../../../src/shared/contract/datahub/serverApiWs'
import { children, SOAP_NS } from '../../support/soapSink'

/**
 * A hand-written SOAP client of the hub's serverApiWS service, as an application's toolkit would
 * post to it (through `inject`: no socket), and a reader of what it answers.
 */
export type Version = keyof typeof SOAP_NS

export const soapRequest = (version: Version, fields: Record<string, string>, header = ''): string =>
  `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${SOAP_NS[version]}">${header ? `<s:Header>${header}</s:Header>` : ''}<s:Body>` +
  `<p:serverApi xmlns:p="${SERVER_API_WS.namespace}">${Object.entries(fields)
    .map(([k, v]) => `<p:${k}>${v}</p:${k}>`)
    .join('')}</p:serverApi></s:Body></s:Envelope>`

export const contentType = (version: Version) =>
  version === '1.1' ? 'text/xml; charset=utf-8' : `application/soap+xml; charset=utf-8; action="${SERVER_API_WS.soapAction}"`

export interface SoapReply {
  status: number
  contentType: string
  text: string
  /** The response element's children by local name (repeated ones as arrays); null for a Fault. */
  response: Record<string, string | string[]> | null
  /** The Fault: SOAP code, reason (with its xml:lang) and the detail's code; null on success. */
  fault: { code: string; reason: string; lang: string; detailCode: string } | null
}

const named = (el: Element | null | undefined, local: string) => children(el).find((c) => c.localName === local)

export function readReply(status: number, contentType: string, text: string): SoapReply {
  const root = new DOMParser().parseFromString(text, 'text/xml').documentElement
  const body = named(root, 'Body')
  const fault = named(body, 'Fault')
  if (fault) {
    const reasonEl = named(fault, 'faultstring') ?? named(named(fault, 'Reason'), 'Text')
    const code = named(fault, 'faultcode') ?? named(named(fault, 'Code'), 'Value')
    const detail = named(named(named(fault, 'detail') ?? named(fault, 'Detail'), SERVER_API_WS.faultElement), 'code')
    return {
      status,
      contentType,
      text,
      response: null,
      fault: { code: code?.textContent ?? '', reason: reasonEl?.textContent ?? '', lang: reasonEl?.getAttribute('xml:lang') ?? '', detailCode: detail?.textContent ?? '' },
    }
  }
  const response: Record<string, string | string[]> = {}
  for (const c of children(named(body, SERVER_API_WS.responseElement))) {
    const name = c.localName ?? ''
    const value = c.textContent ?? ''
    const had = response[name]
    response[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value]
  }
  return { status, contentType, text, response, fault: null }
}

export interface PostOptions {
  headers?: Record<string, string>
  locale?: string
}

/** Posts raw text to the service. */
export async function postSoap(app: FastifyInstance, payload: string | Buffer, type: string, options: PostOptions = {}): Promise<SoapReply> {
  const answer = await app.inject({
    method: 'POST',
    url: SERVER_API_WS.path,
    payload,
    headers: { 'content-type': type, 'accept-language': options.locale ?? 'zh-CN', ...options.headers },
  })
  return readReply(answer.statusCode, String(answer.headers['content-type'] ?? ''), answer.body)
}

/** Pushes one message the way a SOAP toolkit does. */
export const pushSoap = (app: FastifyInstance, version: Version, topicCode: string, data: string, options: PostOptions = {}) =>
  postSoap(app, soapRequest(version, { topicCode, data: escapeText(data) }), contentType(version), options)
