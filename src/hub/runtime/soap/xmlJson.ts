import { childElements } from './read'

const XSI = 'http://www.w3.org/2001/XMLSchema-instance'

export type JsonOfXml = string | null | JsonOfXml[] | { [name: string]: JsonOfXml }

/**
 * An element's content as JSON, the way SOAP answers are usually read: an element with child
 * elements is an object of them by local name (a name that repeats is a list, in order), one
 * without is its text, xsi:nil="true" is null. Attributes and namespaces are left out, so a
 * json topic gets the data, not the markup; values stay text (the XML says no more).
 */
export function jsonOfElement(el: Element): JsonOfXml {
  if (el.getAttributeNS(XSI, 'nil') === 'true') return null
  const children = childElements(el)
  if (children.length === 0) return el.textContent ?? ''
  // A Map, then own properties: an element named __proto__ stays data.
  const out = new Map<string, JsonOfXml>()
  const repeated = new Set<string>()
  for (const child of children) {
    const name = child.localName ?? child.nodeName
    const value = jsonOfElement(child)
    const seen = out.get(name)
    if (seen === undefined) out.set(name, value)
    else if (repeated.has(name)) (seen as JsonOfXml[]).push(value)
    else {
      out.set(name, [seen, value])
      repeated.add(name)
    }
  }
  return Object.fromEntries(out)
}
