import type { Element } from '@xmldom/xmldom'
import { WsdlFailure } from '../../kernel/outbound/failure'
import { children, firstChild, parseXml } from '../../kernel/xml'

/** CAS protocol 3.0 §2.5 / Appendix A: the namespace of serviceResponse. */
export const CAS_NS = 'http://www.yale.edu/tp/cas'

/** What a serviceValidate answer says. */
export type CasAnswer =
  | { ok: true; user: string; attributes: Record<string, string[]> }
  | { ok: false; code: string; text: string }
  /** Not a serviceResponse this hub can read (not XML, a DOCTYPE, another root, no user). */
  | { ok: 'unreadable'; why: string }

const textOf = (el: Element): string => (el.textContent ?? '').trim()

/**
 * Reads a `cas:serviceResponse` with the WSDL reader's hardened parser (datahub/wsdl/xml.ts): a
 * DOCTYPE is refused before parsing, so no entity is ever defined, fetched or expanded.
 * Success carries `cas:user` and, in `cas:attributes`, one element per value (an attribute with
 * several values repeats its element).
 */
export function readCasAnswer(text: string, url: string): CasAnswer {
  let root: Element
  try {
    root = parseXml(text, url).documentElement!
  } catch (err) {
    return { ok: 'unreadable', why: err instanceof WsdlFailure && err.reason === 'doctype' ? 'the answer carries a DOCTYPE' : 'the answer is not well-formed XML' }
  }
  if (root.namespaceURI !== CAS_NS || root.localName !== 'serviceResponse') return { ok: 'unreadable', why: `the answer's root is ${root.tagName}, not cas:serviceResponse` }
  const failure = firstChild(root, CAS_NS, 'authenticationFailure')
  if (failure) return { ok: false, code: failure.getAttribute('code') ?? '', text: textOf(failure) }
  const success = firstChild(root, CAS_NS, 'authenticationSuccess')
  const userEl = success && firstChild(success, CAS_NS, 'user')
  const user = userEl ? textOf(userEl) : ''
  if (!success || !user) return { ok: 'unreadable', why: 'the answer has neither a failure nor a user' }
  const attributes: Record<string, string[]> = {}
  const holder = firstChild(success, CAS_NS, 'attributes')
  for (const el of holder ? children(holder) : []) {
    const name = el.localName ?? ''
    if (!name) continue
    ;(attributes[name] ??= []).push(textOf(el))
  }
  return { ok: true, user, attributes }
}
