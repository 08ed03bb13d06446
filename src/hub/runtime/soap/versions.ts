/** The two SOAP versions the hub speaks, both as a client (web-service calls) and as a service (serverApiWS). */
export type SoapVersion = '1.1' | '1.2'

export const SOAP_ENVELOPE_NS = {
  '1.1': 'http://schemas.xmlsoap.org/soap/envelope/',
  '1.2': 'http://www.w3.org/2003/05/soap-envelope',
} as const satisfies Record<SoapVersion, string>

/** The media type of each version's messages (1.2 carries the action as a parameter of it). */
export const SOAP_MEDIA_TYPE = {
  '1.1': 'text/xml',
  '1.2': 'application/soap+xml',
} as const satisfies Record<SoapVersion, string>

/** The version whose envelope namespace this is, or null. */
export function versionOfNamespace(ns: string | null | undefined): SoapVersion | null {
  if (ns === SOAP_ENVELOPE_NS['1.1']) return '1.1'
  if (ns === SOAP_ENVELOPE_NS['1.2']) return '1.2'
  return null
}
