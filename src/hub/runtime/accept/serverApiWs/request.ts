import { SERVER_API_WS as WS, SERVER_API_WS_REQUEST_FIELDS } from '../../../../shared/contract/datahub/serverApiWs'
import { ResultCode } from '../../../../shared/envelope'
import { Refusal } from '../../../kernel/refusal'
import { readXml, serialiseNodes } from '../../engines/xPath'
import { childElements, childNamed, envelopeParts, type EnvelopeParts } from '../../soap/read'
import { SOAP_ENVELOPE_NS } from '../../soap/versions'

const invalid = (key: string, params: Record<string, string> = {}) => new Refusal(ResultCode.validation, key, params)
/** Not a caller's mistake in the data but in the protocol: SOAP says MustUnderstand, not Client. */
export const MUST_UNDERSTAND_KEY = 'msg_runtime_soap_must_understand'

/** The parser's first complaint, on one line and short enough for a message. */
const shortProblem = (problem: string) => {
  const line = problem.replace(/\s+/g, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

/**
 * The request as a SOAP envelope. SOAP forbids a document type declaration, so one is refused
 * before parsing (no entity is ever declared, let alone expanded); a document that is not well
 * formed or not a SOAP 1.1 / 1.2 Envelope with a Body is refused with what is wrong.
 */
export function readEnvelope(text: string): EnvelopeParts {
  if (/<!DOCTYPE/i.test(text)) throw invalid('msg_runtime_soap_doctype')
  const read = readXml(text)
  if ('problem' in read) throw invalid('msg_runtime_soap_not_xml', { reason: shortProblem(read.problem) })
  const parts = envelopeParts(read.doc.documentElement)
  if (!parts?.body) throw invalid('msg_runtime_soap_not_envelope')
  return parts
}

/** Actors (1.1) and roles (1.2) that name the ultimate receiver, which this service is; no attribute names it too. */
const OUR_ROLES: ReadonlySet<string> = new Set([
  '',
  'http://schemas.xmlsoap.org/soap/actor/next',
  `${SOAP_ENVELOPE_NS['1.2']}/role/next`,
  `${SOAP_ENVELOPE_NS['1.2']}/role/ultimateReceiver`,
])

/**
 * SOAP's rule for header blocks: one addressed to us and marked mustUnderstand must be
 * processed or the message refused. This service processes no header block (its API
 * authentication is the HTTP header the producer's method names), so such a block is refused.
 */
function checkHeaders(parts: EnvelopeParts): void {
  const ns = SOAP_ENVELOPE_NS[parts.version]
  for (const block of childElements(parts.header)) {
    const must = block.getAttributeNS(ns, 'mustUnderstand')?.trim()
    if (must !== '1' && must !== 'true') continue
    const role = (parts.version === '1.1' ? block.getAttributeNS(ns, 'actor') : block.getAttributeNS(ns, 'role'))?.trim() ?? ''
    if (OUR_ROLES.has(role)) throw new Refusal(ResultCode.validation, MUST_UNDERSTAND_KEY, { name: block.localName ?? '' })
  }
}

/** A request field's value: its text, or the XML of its child elements when it has some (an XML message put in as it is). */
function valueOf(el: Element | undefined): string | undefined {
  if (!el) return undefined
  const nil = el.getAttributeNS('http://www.w3.org/2001/XMLSchema-instance', 'nil')
  if (nil === 'true' || nil === '1') return undefined
  const elements = childElements(el)
  return (elements.length > 0 ? serialiseNodes(elements) : (el.textContent ?? '')).trim()
}

/**
 * The request element's fields (topicCode, data) as the input of producerServerApi, unchecked
 * (its schema checks them next). The request element is the service's own or unqualified; its
 * children are read whether or not they are qualified, as toolkits differ there.
 */
export function requestInput(parts: EnvelopeParts): Record<string, string | undefined> {
  checkHeaders(parts)
  const request = childElements(parts.body).find((c) => c.localName === WS.requestElement && (c.namespaceURI === WS.namespace || !c.namespaceURI))
  if (!request) throw invalid('msg_runtime_soap_no_operation', { operation: WS.requestElement, namespace: WS.namespace })
  return Object.fromEntries(SERVER_API_WS_REQUEST_FIELDS.map((f) => [f.name, valueOf(childNamed(request, f.name))]))
}
