import { parseXml } from '../engines/xPath'
import { childNamed, envelopeParts, textOf } from './read'

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
  const fault = childNamed(envelopeParts(root)?.body, 'Fault')
  if (!fault) return null
  const code = textOf(childNamed(fault, 'faultcode')) || textOf(childNamed(childNamed(fault, 'Code'), 'Value'))
  const reason = textOf(childNamed(fault, 'faultstring')) || textOf(childNamed(childNamed(fault, 'Reason'), 'Text'))
  const text = [code, reason].filter(Boolean).join(': ') || 'no fault code or reason given'
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
