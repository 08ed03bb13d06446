import { EngineError, type Payload } from '../engines/payload'
import { parseXml, serialiseNodes } from '../engines/xPath'
import { DeliveryError } from '../../kernel/deliveryError'
import { SOAP_ENVELOPE_NS, SOAP_MEDIA_TYPE, type SoapVersion } from './versions'
import type { SoapCall } from './soapCall'
import { parseExact } from '../json/exact'
import { PlainWriter } from './plainWriter'
import { requestShapes, shapedHeader, shapedRequest, shapedValues } from './shapedBody'
import { isObject, type Json } from './shapedWriter'
import { type KeyedText, keyed } from '../../text/keyedText'

export type { SoapCall, CallShapes } from './soapCall'

const refuse = (reason: KeyedText) => new DeliveryError(reason, true)

/**
 * What goes into soap:Body for a message (the consumer's post-processing can shape it first):
 * - an XML message is the body content as it is: its root element is the request element;
 * - a JSON message (read with its numbers' digits, json/exact.ts) whose top-level keys name
 *   parameters of the operation fills them by name inside the request element (document style:
 *   the element of the body part; rpc: the operation). Keys that name no parameter are left
 *   out; an object becomes child elements, an array the element repeated;
 * - otherwise, an operation with exactly one parameter takes the whole message: a JSON object
 *   fills that parameter's children when the schema makes it complex, else the message text is
 *   its value (services that receive one string, often a JSON or XML document);
 * - anything else has no sensible call: a permanent failure naming the parameters.
 * When the WSDL's schemas declare the request (shapedBody.ts), every element is written in the
 * namespace of the schema declaring it, in schema order, values in their type's lexical form and
 * null only where nillable; without them (plainWriter.ts) the operation's namespace and
 * qualifiedParameters decide, and null is xsi:nil.
 */
function bodyContent(call: SoapCall, payload: Payload): string {
  if (payload.format === 'xml') {
    try {
      return serialiseNodes([parseXml(payload.text).documentElement])
    } catch (err) {
      if (err instanceof EngineError) throw refuse(keyed('msg_exchange_soap_body_bad', { reason: err.message }))
      throw err
    }
  }
  let value: Json | undefined
  if (payload.format === 'json') {
    try {
      value = parseExact(payload.text) as Json
    } catch {
      throw refuse(keyed('msg_exchange_soap_not_json'))
    }
  }
  const shapes = requestShapes(call)
  const body = shapes ? shapedRequest(call, shapes, value, payload.text) : plainRequest(call, value, payload.text)
  if (body !== null) return body
  const expected = call.parameters.length === 0 ? 'the operation takes no parameters' : `the operation's parameters are ${call.parameters.join(', ')}`
  throw refuse(keyed('msg_exchange_soap_no_param', { element: call.requestElement || keyed('msg_exchange_soap_the_operation'), expected }))
}

/** The request without the schemas; null when the message fills no parameter. */
function plainRequest(call: SoapCall, value: Json | undefined, text: string): string | null {
  const writer = new PlainWriter(call)
  if (isObject(value)) {
    const object = value
    const named = call.parameters.length === 0 ? Object.keys(object) : call.parameters.filter((p) => Object.hasOwn(object, p))
    if (named.length > 0) return writer.request(named.map((p) => [p, object[p]!]))
  }
  // A JSON string is its own text; anything else goes as the message's text.
  if (call.parameters.length === 1) return writer.request([[call.parameters[0]!, typeof value === 'string' ? value : text]])
  return null
}

/** The soap:Header of the call, by its schema where it declares the header element. */
const headerOf = (call: SoapCall): string => {
  const shaped = shapedHeader(call)
  return shaped === null ? new PlainWriter(call).header() : `<soap:Header>${shaped}</soap:Header>`
}

/** A SOAP envelope of `version` around body content (and a soap:Header, already written); the prefix `soap` is the envelope's. */
export const envelopeText = (version: SoapVersion, body: string, header = ''): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_ENVELOPE_NS[version]}">${header}<soap:Body>${body}</soap:Body></soap:Envelope>`

/** The SOAP envelope (1.1 or 1.2, by the binding) carrying the message. */
export function soapEnvelope(call: SoapCall, payload: Payload): string {
  return envelopeText(call.soapVersion, bodyContent(call, payload), headerOf(call))
}

/**
 * The envelope of a call whose parameter values are given by name (a webservice producer's
 * configured values), in the order given: text values inside the request element, and the header.
 */
export function parametersEnvelope(call: SoapCall, values: readonly (readonly [string, string])[]): string {
  const shapes = requestShapes(call)
  const body = shapes ? shapedValues(call, shapes, values) : new PlainWriter(call).request(values.map(([k, v]) => [k, v]))
  return envelopeText(call.soapVersion, body, headerOf(call))
}

/** HTTP headers of the call: SOAP 1.1 names the action in SOAPAction, 1.2 in the content type. */
export function soapHeaders(call: SoapCall): Record<string, string> {
  if (call.soapVersion === '1.2') {
    const action = call.soapAction ? `; action="${call.soapAction.replace(/"/g, '')}"` : ''
    return { 'content-type': `${SOAP_MEDIA_TYPE['1.2']}; charset=utf-8${action}`, accept: 'application/soap+xml, text/xml, */*;q=0.5' }
  }
  return { 'content-type': `${SOAP_MEDIA_TYPE['1.1']}; charset=utf-8`, soapaction: `"${call.soapAction.replace(/"/g, '')}"`, accept: 'text/xml, application/soap+xml, */*;q=0.5' }
}
