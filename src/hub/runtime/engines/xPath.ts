import { DOMParser, XMLSerializer } from '@xmldom/xmldom'
import * as xpath from 'xpath'
import { boundedText } from './limits'
import { EngineError, type Payload } from './payload'

/**
 * XML payloads: parsed by xmldom (which never fetches external entities or DTDs), any parse
 * warning treated as an error, so a broken document is refused rather than half-read.
 * The document, or the first problem the parser reported.
 */
export function readXml(text: string): { doc: Document } | { problem: string } {
  const problems: string[] = []
  const parser = new DOMParser({
    onError: (level, message) => {
      problems.push(`${level}: ${message}`)
    },
  })
  let doc: Document
  try {
    doc = parser.parseFromString(text, 'text/xml') as unknown as Document
  } catch (err) {
    return { problem: err instanceof Error ? err.message : String(err) }
  }
  if (problems.length > 0 || !doc.documentElement) return { problem: problems[0] ?? 'no root element' }
  return { doc }
}

/** As readXml, a problem thrown as an EngineError (processors, route rows, payload checks). */
export function parseXml(text: string): Document {
  const read = readXml(text)
  if ('problem' in read) throw new EngineError(`the payload is not well-formed XML: ${read.problem}`)
  return read.doc
}

export type XPathValue = string | number | boolean | Node[]

export function selectXPath(expression: string, payload: Payload): XPathValue {
  const doc = parseXml(payload.text)
  try {
    return xpath.select(expression, doc as never) as XPathValue
  } catch (err) {
    throw new EngineError(`XPath ${expression}: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/**
 * Nodes back to text: one element stays a document, several are concatenated. `bounded`: a
 * processor's result, refused once past MAX_OUTPUT_BYTES (`//item` over nested items repeats
 * each level inside every level above it).
 */
export function serialiseNodes(nodes: Node[], bounded = false): string {
  const serializer = new XMLSerializer()
  function* texts(): Generator<string> {
    for (const n of nodes) yield n.nodeType === 1 || n.nodeType === 9 ? serializer.serializeToString(n as never) : (n.textContent ?? '')
  }
  return bounded ? boundedText(texts()) : [...texts()].join('')
}
