import { versionOfNamespace, type SoapVersion } from './versions'

/** Element children of `el`. */
export function childElements(el: Element | undefined): Element[] {
  const out: Element[] = []
  for (let n = el?.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element)
  return out
}

/** The first element child with this local name, whatever its namespace (toolkits differ in qualifying). */
export const childNamed = (el: Element | undefined, local: string): Element | undefined => childElements(el).find((c) => c.localName === local)

/** Text content with runs of whitespace as one space. */
export const textOf = (el: Element | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim()

/** A SOAP envelope's version, header and body, as its root element says. */
export interface EnvelopeParts {
  version: SoapVersion
  header: Element | undefined
  body: Element | undefined
}

/** The parts of `root` when it is a SOAP 1.1 or 1.2 Envelope, else null. */
export function envelopeParts(root: Element): EnvelopeParts | null {
  const version = versionOfNamespace(root.namespaceURI)
  if (root.localName !== 'Envelope' || !version) return null
  const own = (local: string) => childElements(root).find((c) => c.localName === local && c.namespaceURI === root.namespaceURI)
  return { version, header: own('Header'), body: own('Body') }
}
