import type { Document, Element } from '@xmldom/xmldom'
import { WSDL_SCHEMA_SKIP_REASONS, type WsdlWarning } from '../../../shared/contract/datahub/wsdl'
import { WsdlFailure, type WsdlFailureReason } from '../../kernel/outbound/failure'
import type { FetchText } from '../../kernel/outbound/httpFetch'
import { shownUrl } from './shownUrl'
import { attr, children, NS, parseXml, XSD_NAMESPACES } from '../../kernel/xml'

/** One parsed document of a WSDL and the address it was finally read from (after redirects). */
export interface WsdlDocument {
  url: string
  doc: Document
}


/**
 * Failures that leave a schema out and the resolve going (the schema only improves parameter
 * types); any other stops the whole resolve, as it is one of the hub's limits or policies.
 */
const SKIPPABLE: ReadonlySet<WsdlFailureReason> = new Set(WSDL_SCHEMA_SKIP_REASONS)
const isSkippable = (reason: WsdlFailureReason): reason is WsdlWarning['reason'] => SKIPPABLE.has(reason)

/** The documents read, and a warning for each schema that could not be. */
export interface Gathered {
  documents: WsdlDocument[]
  warnings: WsdlWarning[]
}

interface Reference {
  url: string
  /** wsdl:import is needed for operations; a schema only improves parameter types. */
  kind: 'wsdl' | 'schema'
}

/**
 * Loads the WSDL at `mainUrl` and, breadth first, every document it references through
 * wsdl:import and xsd:import/include/redefine, each address once (cycles end there). At most
 * `maxDocuments` are read. A schema that cannot be read (404, unreachable, not XML) is left out,
 * its types are shown by name, and a warning says so; anything else that fails stops the resolve.
 */
export async function gatherDocuments(mainUrl: string, fetchText: FetchText, maxDocuments: number): Promise<Gathered> {
  const seen = new Set<string>([withoutFragment(mainUrl)])
  const queue: Reference[] = [{ url: withoutFragment(mainUrl), kind: 'wsdl' }]
  const out: WsdlDocument[] = []
  const warnings: WsdlWarning[] = []
  let reads = 0
  while (queue.length > 0) {
    const ref = queue.shift()!
    if (++reads > maxDocuments) throw new WsdlFailure('tooManyDocuments', { max: maxDocuments })
    let loaded: WsdlDocument
    try {
      const fetched = await fetchText(ref.url)
      loaded = { url: fetched.url, doc: parseXml(fetched.text, ref.url) }
    } catch (err) {
      if (ref.kind !== 'schema' || !(err instanceof WsdlFailure) || !isSkippable(err.reason)) throw err
      const status = err.params.status
      warnings.push({ kind: 'schemaUnavailable', url: shownUrl(ref.url), reason: err.reason, ...(typeof status === 'number' ? { status } : {}) })
      continue
    }
    seen.add(withoutFragment(loaded.url))
    out.push(loaded)
    for (const next of references(loaded)) {
      if (seen.has(next.url)) continue
      seen.add(next.url)
      queue.push(next)
    }
  }
  return { documents: out, warnings }
}

const withoutFragment = (url: string): string => url.split('#')[0]!

/** The documents `d` references, as absolute addresses (relative ones against d's own). */
export function references(d: WsdlDocument): Reference[] {
  const out: Reference[] = []
  const add = (location: string, kind: Reference['kind']) => {
    if (!location.trim()) return
    try {
      out.push({ url: withoutFragment(new URL(location.trim(), d.url).href), kind })
    } catch {
      // Not a URL even relative to the document: nothing to load.
    }
  }
  const root = d.doc.documentElement
  if (!root) return out
  for (const imp of children(root, NS.wsdl, 'import')) add(attr(imp, 'location'), 'wsdl')
  for (const schema of schemasIn(root)) {
    for (const el of children(schema, XSD_NAMESPACES)) {
      if (el.localName === 'import' || el.localName === 'include' || el.localName === 'redefine') add(attr(el, 'schemaLocation'), 'schema')
    }
  }
  return out
}

/** xsd:schema elements of a document: the root itself, or those under wsdl:types. */
export function schemasIn(root: Element): Element[] {
  if (root.localName === 'schema' && root.namespaceURI !== null && XSD_NAMESPACES.has(root.namespaceURI)) return [root]
  return children(root, NS.wsdl, 'types').flatMap((types) => children(types, XSD_NAMESPACES, 'schema'))
}
