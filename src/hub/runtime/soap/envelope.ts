import { EngineError, type Payload } from '../engines/payload'
import { isExactNumber, parseExact, type LosslessNumber } from '../json/exact'
import { parseXml, serialiseNodes } from '../engines/xPath'
import { DeliveryError } from '../deliver/types'
import { SOAP_ENVELOPE_NS, SOAP_MEDIA_TYPE, type SoapVersion } from './versions'
import { escapeAttribute, escapeText } from './xmlText'

const XSI = 'http://www.w3.org/2001/XMLSchema-instance'

/** One web-service call, ready to build: the WSDL's operation with the configured fields over it. */
export interface SoapCall {
  address: string
  soapVersion: SoapVersion
  soapAction: string
  style: 'document' | 'rpc'
  namespace: string
  /** The body element (document) or rpc wrapper; '' when a document part is typed, not an element. */
  requestElement: string
  qualifiedParameters: boolean
  /** Parameter names in the operation's order; empty when neither the WSDL nor the settings name any. */
  parameters: string[]
  header: { name: string; values: { name: string; value: string }[] } | null
}

/** A message's JSON as parseExact reads it: a number no double prints back as is a LosslessNumber (its digits). */
type Json = string | number | LosslessNumber | boolean | null | Json[] | { [key: string]: Json }

const ELEMENT_NAME = /^[\p{L}_][\p{L}\p{N}_.-]*$/u

const refuse = (reason: string) => new DeliveryError(reason, true)

/** Element names in the operation's namespace get the prefix `m`; unqualified ones none (no default namespace is declared). */
class Writer {
  constructor(private readonly call: SoapCall) {}

  private name(local: string, qualified: boolean): string {
    if (!ELEMENT_NAME.test(local)) throw refuse(`'${local}' cannot be an XML element name in the SOAP request`)
    return qualified && this.call.namespace ? `m:${local}` : local
  }

  /** The namespace declaration goes on the outermost element written in it. */
  private declare = (qualified: boolean): string => (qualified && this.call.namespace ? ` xmlns:m="${escapeAttribute(this.call.namespace)}"` : '')

  /** A value as element(s): text as text, an object as child elements, an array as the element repeated. */
  value(local: string, value: Json, qualified: boolean, outermost = false): string {
    if (Array.isArray(value)) return value.map((v) => this.value(local, v, qualified, outermost)).join('')
    const name = this.name(local, qualified)
    const ns = outermost ? this.declare(qualified) : ''
    if (value === null) return `<${name}${ns} xsi:nil="true" xmlns:xsi="${XSI}"/>`
    if (typeof value !== 'object' || isExactNumber(value)) return `<${name}${ns}>${escapeText(String(value))}</${name}>`
    const inner = Object.entries(value)
      .map(([k, v]) => this.value(k, v, qualified))
      .join('')
    return `<${name}${ns}>${inner}</${name}>`
  }

  /** The request element around its parameters (children as qualified as the schema says; rpc parts never are). */
  request(entries: [string, Json][]): string {
    const { style, requestElement, qualifiedParameters } = this.call
    const childQualified = style === 'document' && qualifiedParameters
    if (!requestElement) return entries.map(([k, v]) => this.value(k, v, false, true)).join('')
    // A document part naming an element of simple type: that element is the one parameter.
    if (style === 'document' && entries.length === 1 && entries[0]![0] === requestElement && this.call.parameters.length <= 1) {
      return this.value(requestElement, entries[0]![1], true, true)
    }
    const wrapper = this.name(requestElement, true)
    return `<${wrapper}${this.declare(true)}>${entries.map(([k, v]) => this.value(k, v, childQualified)).join('')}</${wrapper}>`
  }

  header(): string {
    const h = this.call.header
    if (!h?.name) return ''
    const entries: [string, Json][] = h.values.filter((v) => v.name.trim()).map((v) => [v.name.trim(), v.value])
    const name = this.name(h.name, true)
    const inner = entries.map(([k, v]) => this.value(k, v, this.call.qualifiedParameters)).join('')
    return `<soap:Header><${name}${this.declare(true)}>${inner}</${name}></soap:Header>`
  }
}

/**
 * What goes into soap:Body for a message (the consumer's post-processing can shape it first):
 * - an XML message is the body content as it is: its root element is the request element;
 * - a JSON object whose top-level keys name parameters of the operation fills them by name, in
 *   the operation's order, inside the request element (document style: the element of the body
 *   part; rpc: the operation). Keys that name no parameter are left out; when no parameter is
 *   known at all, every key is one. Text, numbers and booleans are text, an object becomes child
 *   elements, an array the element repeated, null xsi:nil;
 * - otherwise, an operation with exactly one parameter takes the whole message text as its value
 *   (services that receive one string, often a JSON or XML document);
 * - anything else has no sensible call: a permanent failure naming the parameters.
 */
function bodyContent(call: SoapCall, payload: Payload, writer: Writer): string {
  if (payload.format === 'xml') {
    try {
      return serialiseNodes([parseXml(payload.text).documentElement])
    } catch (err) {
      if (err instanceof EngineError) throw refuse(`the message cannot be the SOAP body: ${err.message}`)
      throw err
    }
  }
  let value: Json | undefined
  if (payload.format === 'json') {
    try {
      value = parseExact(payload.text) as Json
    } catch {
      throw refuse('the message is not valid JSON')
    }
  }
  if (value !== undefined && value !== null && typeof value === 'object' && !Array.isArray(value) && !isExactNumber(value)) {
    const object = value
    const named = call.parameters.length === 0 ? Object.keys(object) : call.parameters.filter((p) => Object.hasOwn(object, p))
    if (named.length > 0) return writer.request(named.map((p) => [p, object[p]!]))
  }
  // A JSON string is its own text; anything else goes as the message's text.
  if (call.parameters.length === 1) return writer.request([[call.parameters[0]!, typeof value === 'string' ? value : payload.text]])
  const expected = call.parameters.length === 0 ? 'the operation takes no parameters' : `the operation's parameters are ${call.parameters.join(', ')}`
  throw refuse(`the message fills no parameter of '${call.requestElement || 'the operation'}': ${expected}; send a JSON object with those keys, or XML that is the request element`)
}

/** A SOAP envelope of `version` around body content (and a soap:Header, already written); the prefix `soap` is the envelope's. */
export const envelopeText = (version: SoapVersion, body: string, header = ''): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_ENVELOPE_NS[version]}">${header}<soap:Body>${body}</soap:Body></soap:Envelope>`

/** The SOAP envelope (1.1 or 1.2, by the binding) carrying the message. */
export function soapEnvelope(call: SoapCall, payload: Payload): string {
  const writer = new Writer(call)
  const body = bodyContent(call, payload, writer)
  return envelopeText(call.soapVersion, body, writer.header())
}

/**
 * The envelope of a call whose parameter values are given by name (a webservice producer's
 * configured values), in the order given: text values inside the request element, and the header.
 */
export function parametersEnvelope(call: SoapCall, values: readonly (readonly [string, string])[]): string {
  const writer = new Writer(call)
  return envelopeText(call.soapVersion, writer.request(values.map(([k, v]) => [k, v])), writer.header())
}

/** HTTP headers of the call: SOAP 1.1 names the action in SOAPAction, 1.2 in the content type. */
export function soapHeaders(call: SoapCall): Record<string, string> {
  if (call.soapVersion === '1.2') {
    const action = call.soapAction ? `; action="${call.soapAction.replace(/"/g, '')}"` : ''
    return { 'content-type': `${SOAP_MEDIA_TYPE['1.2']}; charset=utf-8${action}`, accept: 'application/soap+xml, text/xml, */*;q=0.5' }
  }
  return { 'content-type': `${SOAP_MEDIA_TYPE['1.1']}; charset=utf-8`, soapaction: `"${call.soapAction.replace(/"/g, '')}"`, accept: 'text/xml, application/soap+xml, */*;q=0.5' }
}
