import { parseXml } from '../engines/xPath'
import { SOAP_ENVELOPE_NS } from './envelope'

const ENVELOPES: ReadonlySet<string> = new Set(Object.values(SOAP_ENVELOPE_NS))

const childNamed = (el: Element | undefined, local: string): Element | undefined => {
  for (let n = el?.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).localName === local) return n as Element
  return undefined
}
const textOf = (el: Element | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim()

/**
 * The Fault a SOAP answer carries, as "code: reason" (1.1 faultcode / faultstring, 1.2
 * Code/Value / Reason/Text), or null when the answer is no envelope with a Fault in its body.
 * Servers send a Fault with HTTP 500 as the spec says, some with 200: both count as failed.
 */
export function faultOf(answer: string): string | null {
  let root: Element
  try {
    root = parseXml(answer).documentElement
  } catch {
    return null
  }
  if (root.localName !== 'Envelope' || !ENVELOPES.has(root.namespaceURI ?? '')) return null
  const fault = childNamed(childNamed(root, 'Body'), 'Fault')
  if (!fault) return null
  const code = textOf(childNamed(fault, 'faultcode')) || textOf(childNamed(childNamed(fault, 'Code'), 'Value'))
  const reason = textOf(childNamed(fault, 'faultstring')) || textOf(childNamed(childNamed(fault, 'Reason'), 'Text'))
  const text = [code, reason].filter(Boolean).join(': ') || 'no fault code or reason given'
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
