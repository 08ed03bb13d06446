import { BOOLEAN_TYPE, DECIMAL_TYPES, FLOAT_TYPES, INTEGER_TYPES, type ElementShape, type TypeShape } from '../../datahub/wsdl/shape'
import { LosslessNumber } from '../json/exact'
import { childElements } from './read'
import type { Json } from './shapedWriter'
import { jsonOfElement } from './xmlJson'

const XSI = 'http://www.w3.org/2001/XMLSchema-instance'

/** An XSD number's lexical form as JSON number text, digits kept (`+5` → `5`, `.5` → `0.5`, `007` → `7`); null if it is none. */
function jsonNumber(text: string): string | null {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text)
  if (!m || (!m[2] && !m[3])) return null
  const [, sign, whole = '', fraction, exponent] = m
  const intPart = whole.replace(/^0+(?=\d)/, '') || '0'
  const frac = fraction ? `.${fraction}` : ''
  return `${sign === '-' ? '-' : ''}${intPart}${frac}${exponent !== undefined ? `e${exponent}` : ''}`
}

/** A simple value by its type: numbers as numbers (exactly), booleans as booleans, anything else (or what does not parse) as text. */
function typedValue(type: string, text: string): Json {
  const trimmed = text.trim()
  if (DECIMAL_TYPES.has(type) || INTEGER_TYPES.has(type) || FLOAT_TYPES.has(type)) {
    const number = jsonNumber(trimmed)
    return number === null ? text : new LosslessNumber(number)
  }
  if (type === BOOLEAN_TYPE) {
    if (trimmed === 'true' || trimmed === '1') return true
    if (trimmed === 'false' || trimmed === '0') return false
  }
  return text
}

/**
 * An answer element as JSON by its schema (what the WSDL declares, not what this answer happens
 * to hold): an element declared repeated is always a list (of one, or empty), a single one never;
 * children in schema order by local name (toolkits differ in qualifying); xs:decimal and the
 * integer and float types numbers with their digits (LosslessNumber; stringifyExact writes
 * them), xs:boolean booleans, xsi:nil null. Elements the schema does not declare are kept as
 * jsonOfElement reads them; an element whose content does not fit its declared type too.
 */
export function jsonOfShaped(el: Element, shape: ElementShape, types: readonly TypeShape[]): Json {
  if (el.getAttributeNS(XSI, 'nil') === 'true') return null
  const type = types[shape.type]
  const elements = childElements(el)
  if (!type || ('simple' in type && elements.length > 0)) return jsonOfElement(el) as Json
  if ('simple' in type) return typedValue(type.simple, el.textContent ?? '')
  if (type.children.length === 0 && elements.length === 0) return el.textContent ?? ''
  const out = new Map<string, Json>()
  const declared = new Set<string>()
  for (const child of type.children) {
    declared.add(child.name)
    const found = elements.filter((e) => e.localName === child.name)
    if (child.repeated) out.set(child.name, found.map((e) => jsonOfShaped(e, child, types)))
    else if (found.length === 1) out.set(child.name, jsonOfShaped(found[0]!, child, types))
    else if (found.length > 1) out.set(child.name, found.map((e) => jsonOfShaped(e, child, types)))
  }
  const repeated = new Set<string>()
  for (const e of elements) {
    const name = e.localName ?? e.nodeName
    if (declared.has(name)) continue
    const value = jsonOfElement(e) as Json
    const seen = out.get(name)
    if (seen === undefined) out.set(name, value)
    else if (repeated.has(name)) (seen as Json[]).push(value)
    else {
      out.set(name, [seen, value])
      repeated.add(name)
    }
  }
  return Object.fromEntries(out)
}
