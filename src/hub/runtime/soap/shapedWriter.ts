import type { ElementShape, TypeShape } from '../../datahub/wsdl/shape'
import { isExactNumber, stringifyExact, type LosslessNumber } from '../json/exact'
import { lexicalText, soapRefusal, type Scalar } from './lexical'
import { escapeAttribute, escapeText } from './xmlText'

export type Json = string | number | boolean | null | LosslessNumber | Json[] | { [key: string]: Json }

const XSI = 'http://www.w3.org/2001/XMLSchema-instance'
/** Content the schema leaves open (xs:any, an empty complex type): keys are elements in the parent's namespace. */
const FREE = -1
const OPEN: TypeShape = { children: [] }
const ELEMENT_NAME = /^[\p{L}_][\p{L}\p{N}_.-]*$/u

export const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value) && !isExactNumber(value)

/**
 * Writes message values as the elements their schema declares (WSDL shapes, datahub/wsdl/shape.ts):
 * each element in its own namespace — the operation's under the prefix `m`, every other one
 * under a prefix of its own, all declared on the outermost element; unqualified ones in none (no
 * default namespace is ever declared) — children in schema order, keys the schema does not
 * declare left out, values in their type's lexical form (lexical.ts). null is xsi:nil only on a
 * nillable element; on another it is left out when the element is optional, else refused.
 */
export class ShapedWriter {
  private readonly prefixes = new Map<string, string>()

  /** `namespaceOf` maps a schema namespace to the one written (a configured namespace over the WSDL's). */
  constructor(
    private readonly types: readonly TypeShape[],
    primary: string,
    private readonly namespaceOf: (ns: string) => string = (ns) => ns,
  ) {
    if (primary) this.prefixes.set(primary, 'm')
  }

  /** The outermost element with every namespace its content uses declared on it. */
  outermost(shape: ElementShape, value: Json): string {
    return this.one(shape, value, shape.name, true)
  }

  /** The element for a value; an array repeats it. */
  private element(shape: ElementShape, value: Json, path: string): string {
    if (Array.isArray(value)) return value.map((v) => this.one(shape, v, path)).join('')
    return this.one(shape, value, path)
  }

  private one(shape: ElementShape, value: Json, path: string, outermost = false): string {
    const name = this.qualified(shape.name, shape.ns)
    const declare = () => (outermost ? this.declarations() : '')
    if (value === null) {
      if (shape.nillable) return `<${name}${declare()} xsi:nil="true" xmlns:xsi="${XSI}"/>`
      if (shape.optional && !outermost) return ''
      throw soapRefusal('msg_soap_null_not_nillable', { element: path })
    }
    const type = shape.type === FREE ? OPEN : (this.types[shape.type] ?? { simple: 'anyType' })
    let content: string
    if (!('children' in type)) {
      // An object or list into a simple element (a string parameter): its JSON text.
      content = escapeText(typeof value === 'object' && !isExactNumber(value) ? stringifyExact(value) : lexicalText(type.simple, value as Scalar, path))
    } else if (!isObject(value)) {
      content = escapeText(typeof value === 'object' ? stringifyExact(value) : String(value))
    } else if (type.children.length === 0) {
      content = this.free(value, shape.ns, path)
    } else {
      content = type.children
        .filter((c) => Object.hasOwn(value, c.name))
        .map((c) => this.element(c, value[c.name]!, `${path}/${c.name}`))
        .join('')
    }
    return `<${name}${declare()}>${content}</${name}>`
  }

  /** Open content: every key an element in the parent's namespace, as the message has them. */
  private free(value: { [key: string]: Json }, ns: string, path: string): string {
    return Object.entries(value)
      .map(([k, v]) => this.element({ name: k, ns, type: FREE, nillable: true, optional: true, repeated: true }, v, `${path}/${k}`))
      .join('')
  }

  private qualified(local: string, schemaNs: string): string {
    if (!ELEMENT_NAME.test(local)) throw soapRefusal('msg_soap_bad_element_name', { name: local })
    const ns = this.namespaceOf(schemaNs)
    if (!ns) return local
    let prefix = this.prefixes.get(ns)
    if (!prefix) {
      prefix = `n${this.prefixes.size}`
      this.prefixes.set(ns, prefix)
    }
    return `${prefix}:${local}`
  }

  private declarations(): string {
    return [...this.prefixes].map(([ns, prefix]) => ` xmlns:${prefix}="${escapeAttribute(ns)}"`).join('')
  }
}
