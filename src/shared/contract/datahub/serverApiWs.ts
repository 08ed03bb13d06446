import type { z } from 'zod'
import { SERVER_API_WS_ADDR, SERVER_API_WS_PATH } from '../../rules/datahub/producerModes'
import type { serverApiInputSchema, serverApiOutputSchema } from './runtime'

export { SERVER_API_WS_ADDR, SERVER_API_WS_PATH }

/**
 * Ingress as a web service (spec §3: apiRequestInfoModel.apiWSAddr is fixed at
 * /webservice/producer/serverApiWS?wsdl): the SOAP twin of producerServerApi, for applications
 * of a serverApiWS producer. It is no JSON endpoint of the contract (no envelope, no /api
 * prefix, not called by the console), so it is declared here as the names its generated WSDL
 * and its envelopes use; the hub serves GET (the WSDL) and POST (a SOAP 1.1 or 1.2 call) at
 * SERVER_API_WS_PATH.
 *
 * One document/literal operation: the request element carries topicCode and data (the message
 * as text: JSON text for a json topic, the document for an xml topic; surrounding whitespace is
 * ignored, and child elements instead of text are taken as that XML), checked exactly like
 * producerServerApi's input. The response element carries code and the translated message, then
 * producerServerApi's output fields; a refusal is a SOAP Fault whose reason is the translated
 * message and whose detail element carries code and message.
 */
export const SERVER_API_WS = {
  path: SERVER_API_WS_PATH,
  namespace: 'urn:datahub:producer',
  service: 'ServerApiWS',
  operation: 'serverApi',
  soapAction: 'urn:datahub:producer:serverApi',
  requestElement: 'serverApi',
  responseElement: 'serverApiResponse',
  faultElement: 'serverApiFault',
} as const

/** One child element of the request, response or fault detail, as the WSDL's schema declares it. */
export interface SoapField<K extends string = string> {
  name: K
  type: 'string' | 'int'
  /** Occurs any number of times (an array). */
  repeated?: boolean
  /** May be left out. */
  optional?: boolean
}

type InputField = keyof z.input<typeof serverApiInputSchema>
type OutputField = keyof z.output<typeof serverApiOutputSchema>

/** Children of the request element, in order: producerServerApi's input. */
export const SERVER_API_WS_REQUEST_FIELDS = [
  { name: 'topicCode', type: 'string' },
  { name: 'data', type: 'string' },
] as const satisfies readonly SoapField<InputField>[]

/** Children of the response element, in order: the answer's code and message, then producerServerApi's output. */
export const SERVER_API_WS_RESPONSE_FIELDS = [
  { name: 'code', type: 'string' },
  { name: 'message', type: 'string' },
  { name: 'messageId', type: 'string' },
  { name: 'routingKeys', type: 'string', repeated: true },
  { name: 'deliveries', type: 'int' },
] as const satisfies readonly SoapField<OutputField | 'code' | 'message'>[]

/** Children of the Fault's detail element: the refusal's code and message; a failure inside the hub adds the reference of its log line. */
export const SERVER_API_WS_FAULT_FIELDS = [
  { name: 'code', type: 'string' },
  { name: 'message', type: 'string' },
  { name: 'reference', type: 'string', optional: true },
] as const satisfies readonly SoapField[]
