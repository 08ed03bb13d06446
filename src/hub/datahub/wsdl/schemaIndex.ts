import type { Element } from '@xmldom/xmldom'
import type { WsdlParameter } from '../../../shared/contract/datahub/wsdl'
import { WorkBudget } from './budget'
import { schemasIn, type WsdlDocument } from './documents'
import { WSDL_LIMITS } from './limits'
import { attr, children, firstChild, qname, XSD_NAMESPACES, type QName } from '../../kernel/xml'
import { ownValue } from '../../../shared/ownKey'

type Kind = 'element' | 'type' | 'group'
const KIND_OF: Record<string, Kind> = { element: 'element', complexType: 'type', simpleType: 'type', group: 'group' }

export const isXsd = (q: QName): boolean => q.ns !== null && XSD_NAMESPACES.has(q.ns)

/** What an element declared with an anonymous complex type is shown as. */
export const ANONYMOUS_COMPLEX = 'complexType'

/**
 * The global declarations of every schema of a WSDL (inline and imported), and the parameter
 * list a declared element stands for. Every walk carries a `seen` set, so recursive types,
 * circular extensions and group references end instead of looping; every step of a walk counts
 * against the resolve's budget, so a type used a thousand times costs its size each time at most.
 */
export class SchemaIndex {
  private readonly byName = new Map<string, Element>()
  /**
   * By local name alone, the first declaration wins. Looked at when the qualified name finds
   * nothing: chameleon includes (a schema without targetNamespace), prefixes bound to the wrong
   * namespace, unqualified references in old WSDLs.
   */
  private readonly byLocal = new Map<string, Element>()

  constructor(
    docs: readonly WsdlDocument[],
    private readonly budget = new WorkBudget(WSDL_LIMITS.maxSteps, Number.POSITIVE_INFINITY, 0),
  ) {
    for (const d of docs) {
      if (!d.doc.documentElement) continue
      for (const schema of schemasIn(d.doc.documentElement)) {
        const tns = attr(schema, 'targetNamespace')
        for (const decl of children(schema, XSD_NAMESPACES)) {
          const kind = ownValue(KIND_OF, decl.localName ?? '')
          const name = attr(decl, 'name')
          if (!kind || !name) continue
          const key = `${kind}|${tns}|${name}`
          if (!this.byName.has(key)) this.byName.set(key, decl)
          if (!this.byLocal.has(`${kind}|${name}`)) this.byLocal.set(`${kind}|${name}`, decl)
        }
      }
    }
  }

  private find(kind: Kind, q: QName | null): Element | undefined {
    if (!q) return undefined
    return this.byName.get(`${kind}|${q.ns ?? ''}|${q.local}`) ?? this.byLocal.get(`${kind}|${q.local}`)
  }

  element(q: QName | null): Element | undefined {
    return this.find('element', q)
  }

  /** A named simple or complex type (not an XSD built-in). */
  typeDefinition(q: QName | null): Element | undefined {
    return q && !isXsd(q) ? this.find('type', q) : undefined
  }

  group(q: QName | null): Element | undefined {
    return this.find('group', q)
  }

  /** The XSD built-in a simpleType element comes down to. */
  simpleBuiltIn(simple: Element): string {
    return this.simpleBase(simple, new Set())
  }

  /**
   * The parameters the global element `decl` stands for as a message part: the children of its
   * complex type (with inherited ones first), or the element itself when its value is simple.
   */
  elementParameters(decl: Element): WsdlParameter[] {
    const name = attr(decl, 'name')
    const typeRef = attr(decl, 'type')
    const complex = typeRef ? this.complexType(qname(decl, typeRef)) : firstChild(decl, XSD_NAMESPACES, 'complexType')
    if (complex) {
      const simpleContent = firstChild(complex, XSD_NAMESPACES, 'simpleContent')
      if (!simpleContent) return this.contentOf(complex, new Set())
      const derivation = firstChild(simpleContent, XSD_NAMESPACES)
      return [{ name, type: derivation ? this.typeName(qname(derivation, attr(derivation, 'base')), new Set()) : 'string' }]
    }
    if (typeRef || firstChild(decl, XSD_NAMESPACES, 'simpleType')) return [{ name, type: this.declaredType(decl) }]
    // No type at all: an empty element (xsd:anyType), nothing for the user to fill in.
    return []
  }

  /** The type an element or part declaration names, as the user reads it. */
  declaredType(decl: Element): string {
    const typeRef = attr(decl, 'type')
    if (typeRef) return this.typeName(qname(decl, typeRef), new Set())
    if (firstChild(decl, XSD_NAMESPACES, 'complexType')) return ANONYMOUS_COMPLEX
    const simple = firstChild(decl, XSD_NAMESPACES, 'simpleType')
    return simple ? this.simpleBase(simple, new Set()) : 'anyType'
  }

  /**
   * A built-in type by its local name ('string'); a simple type by the built-in it restricts
   * (what the user must type); a complex type by its own name; an unknown one by its name.
   */
  typeName(q: QName | null, seen: Set<Element>): string {
    this.budget.spend()
    if (!q) return 'anyType'
    if (isXsd(q)) return q.local
    const def = this.find('type', q)
    if (!def || def.localName !== 'simpleType' || seen.has(def)) return q.local
    seen.add(def)
    return this.simpleBase(def, seen)
  }

  private simpleBase(simple: Element, seen: Set<Element>): string {
    const restriction = firstChild(simple, XSD_NAMESPACES, 'restriction')
    if (!restriction) return 'string' // list and union travel as text
    const base = attr(restriction, 'base')
    if (base) return this.typeName(qname(restriction, base), seen)
    const inline = firstChild(restriction, XSD_NAMESPACES, 'simpleType')
    return inline && !seen.has(inline) ? (seen.add(inline), this.simpleBase(inline, seen)) : 'string'
  }

  private complexType(q: QName | null): Element | undefined {
    if (!q || isXsd(q)) return undefined
    const def = this.find('type', q)
    return def?.localName === 'complexType' ? def : undefined
  }

  /** Element children of a complex type body (complexType, extension or restriction). */
  private contentOf(body: Element, seen: Set<Element>): WsdlParameter[] {
    this.budget.spend()
    if (seen.has(body)) return []
    seen.add(body)
    const out: WsdlParameter[] = []
    for (const c of children(body, XSD_NAMESPACES)) {
      if (c.localName === 'complexContent') {
        for (const derivation of children(c, XSD_NAMESPACES)) {
          if (derivation.localName === 'extension') {
            const base = this.complexType(qname(derivation, attr(derivation, 'base')))
            if (base) out.push(...this.contentOf(base, seen))
          }
          // A restriction restates the content it keeps, so only its own particles count.
          if (derivation.localName === 'extension' || derivation.localName === 'restriction') out.push(...this.contentOf(derivation, seen))
        }
      } else {
        out.push(...this.particles(c, seen))
      }
    }
    return out
  }

  private particles(node: Element, seen: Set<Element>): WsdlParameter[] {
    this.budget.spend()
    switch (node.localName) {
      case 'element':
        return [this.parameter(node)]
      case 'sequence':
      case 'all':
      case 'choice':
        return children(node, XSD_NAMESPACES).flatMap((c) => this.particles(c, seen))
      case 'group': {
        const ref = attr(node, 'ref')
        const def = ref ? this.find('group', qname(node, ref)) : node
        if (!def || seen.has(def)) return []
        seen.add(def)
        return children(def, XSD_NAMESPACES).flatMap((c) => this.particles(c, seen))
      }
      default:
        return [] // annotation, any, attributes
    }
  }

  private parameter(el: Element): WsdlParameter {
    const ref = attr(el, 'ref')
    if (!ref) return { name: attr(el, 'name'), type: this.declaredType(el) }
    const q = qname(el, ref)
    const target = this.element(q)
    return target ? { name: attr(target, 'name'), type: this.declaredType(target) } : { name: q?.local ?? ref, type: 'anyType' }
  }
}
