import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom'
import { WsdlFailure } from './outbound/failure'
import { ownValue } from '../../shared/ownKey'

export const NS = {
  wsdl: 'http://schemas.xmlsoap.org/wsdl/',
  soap11: 'http://schemas.xmlsoap.org/wsdl/soap/',
  soap12: 'http://schemas.xmlsoap.org/wsdl/soap12/',
  xsd: 'http://www.w3.org/2001/XMLSchema',
} as const

/** XML Schema, and the drafts old toolkits still publish WSDLs with. */
export const XSD_NAMESPACES: ReadonlySet<string> = new Set([NS.xsd, 'http://www.w3.org/2000/10/XMLSchema', 'http://www.w3.org/1999/XMLSchema'])

/**
 * Prefixes some generators use without declaring them (xmldom refuses such a document). Bound
 * to what they conventionally mean; any other undeclared prefix gets a placeholder namespace.
 */
const CONVENTIONAL_PREFIXES: Record<string, string> = {
  wsdl: NS.wsdl,
  soap: NS.soap11,
  soap12: NS.soap12,
  xs: NS.xsd,
  xsd: NS.xsd,
  http: 'http://schemas.xmlsoap.org/wsdl/http/',
  mime: 'http://schemas.xmlsoap.org/wsdl/mime/',
}

/**
 * Parses one fetched document, safely: a DOCTYPE is refused before parsing, so no external
 * entity is ever fetched and no entity is ever expanded (a WSDL has no use for either).
 * Not well-formed → WsdlFailure 'notXml'.
 */
export function parseXml(text: string, url: string): Document {
  if (/<!DOCTYPE/i.test(text)) throw new WsdlFailure('doctype', { url })
  const source = declareMissingPrefixes(text)
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message)
      },
    }).parseFromString(source, 'text/xml')
    if (!doc.documentElement) throw new Error('no root element')
    return doc
  } catch {
    throw new WsdlFailure('notXml', { url })
  }
}

/** Adds xmlns declarations on the root element for element/attribute prefixes never declared. */
export function declareMissingPrefixes(text: string): string {
  const used = new Set<string>()
  for (const m of text.matchAll(/<\/?([A-Za-z_][\w.-]*):[A-Za-z_]/g)) used.add(m[1]!)
  for (const m of text.matchAll(/\s([A-Za-z_][\w.-]*):[A-Za-z_][\w.-]*\s*=\s*["']/g)) used.add(m[1]!)
  const declared = new Set([...text.matchAll(/xmlns:([\w.-]+)\s*=/g)].map((m) => m[1]!))
  const missing = [...used].filter((p) => p !== 'xml' && p !== 'xmlns' && !declared.has(p))
  if (missing.length === 0) return text
  const root = /<(?![?!])[A-Za-z_][\w.:-]*/.exec(text)
  if (!root) return text
  const decls = missing.map((p) => ` xmlns:${p}="${ownValue(CONVENTIONAL_PREFIXES, p) ?? `urn:x-undeclared-prefix:${p}`}"`).join('')
  const at = root.index + root[0].length
  return text.slice(0, at) + decls + text.slice(at)
}

const isElement = (n: Node): n is Element => n.nodeType === 1

const matches = (el: Element, ns: string | ReadonlySet<string> | undefined, local: string | undefined): boolean =>
  (local === undefined || el.localName === local) &&
  (ns === undefined || (typeof ns === 'string' ? el.namespaceURI === ns : el.namespaceURI !== null && ns.has(el.namespaceURI)))

/** Element children, optionally only those with the namespace (or one of) and local name. */
export function children(el: Element, ns?: string | ReadonlySet<string>, local?: string): Element[] {
  const out: Element[] = []
  for (let n = el.firstChild; n; n = n.nextSibling) if (isElement(n) && matches(n, ns, local)) out.push(n)
  return out
}

export const firstChild = (el: Element, ns?: string | ReadonlySet<string>, local?: string): Element | undefined => children(el, ns, local)[0]

/** The attribute's value, '' when absent. */
export const attr = (el: Element, name: string): string => el.getAttribute(name) ?? ''

export interface QName {
  ns: string | null
  local: string
}

/** Resolves a QName-valued attribute in the scope of `el` (unprefixed: the default namespace). */
export function qname(el: Element, value: string): QName | null {
  const v = value.trim()
  if (!v) return null
  const colon = v.indexOf(':')
  const prefix = colon > 0 ? v.slice(0, colon) : null
  return { ns: el.lookupNamespaceURI(prefix), local: colon > 0 ? v.slice(colon + 1) : v }
}
