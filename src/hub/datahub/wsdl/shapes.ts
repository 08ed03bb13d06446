import type { Element } from '@xmldom/xmldom'
import type { WorkBudget } from './budget'
import { isXsd, type SchemaIndex } from './schemaIndex'
import type { ElementShape, TypeShape } from './shape'
import { attr, children, firstChild, qname, XSD_NAMESPACES, type QName } from '../../kernel/xml'

interface Occurs {
  optional: boolean
  repeated: boolean
}
const ONCE: Occurs = { optional: false, repeated: false }

/** targetNamespace and elementFormDefault of the schema a declaration is in. */
interface SchemaForm {
  tns: string
  qualified: boolean
}

/**
 * Builds the ElementShapes of a WSDL's messages from its schemas. Each element is qualified the
 * way XML Schema says: a global element (or one referenced) by its schema's targetNamespace; a
 * local one by its `form`, else its schema's `elementFormDefault` (unqualified by default) — so
 * a WCF data contract in an imported schema of its own namespace is written in that namespace,
 * not the operation's. Types are walked once each (a table by declaration), every step against
 * the resolve's budget.
 */
export class ShapeBuilder {
  readonly types: TypeShape[] = []
  private readonly ids = new Map<Element, number>()
  private readonly simpleIds = new Map<string, number>()
  private readonly forms = new Map<Element, SchemaForm>()

  constructor(
    private readonly schema: SchemaIndex,
    private readonly budget: WorkBudget,
  ) {}

  /** A global element: a document part's or a header's. */
  global(decl: Element, occurs: Occurs = ONCE): ElementShape {
    return { name: attr(decl, 'name'), ns: this.formOf(decl).tns, type: this.elementType(decl), nillable: attr(decl, 'nillable') === 'true', ...occurs }
  }

  /** An element the WSDL makes up: an rpc wrapper around its parts, an rpc part of a type. */
  made(name: string, ns: string, type: number): ElementShape {
    return { name, ns, type, nillable: true, optional: false, repeated: false }
  }

  /** A type of these children (an rpc wrapper's). */
  complexOf(elements: ElementShape[]): number {
    this.types.push({ children: elements })
    return this.types.length - 1
  }

  /** The type a QName names: a built-in or simple type as its built-in, a complex type as its children. */
  typeNamed(q: QName | null): number {
    this.budget.spend()
    if (!q) return this.simple('anyType')
    if (isXsd(q)) return this.simple(q.local)
    const def = this.schema.typeDefinition(q)
    if (!def) return this.simple('anyType')
    return def.localName === 'complexType' ? this.complex(def) : this.simple(this.schema.simpleBuiltIn(def))
  }

  private simple(name: string): number {
    const known = this.simpleIds.get(name)
    if (known !== undefined) return known
    this.types.push({ simple: name })
    this.simpleIds.set(name, this.types.length - 1)
    return this.types.length - 1
  }

  private elementType(decl: Element): number {
    const typeRef = attr(decl, 'type')
    if (typeRef) return this.typeNamed(qname(decl, typeRef))
    const complex = firstChild(decl, XSD_NAMESPACES, 'complexType')
    if (complex) return this.complex(complex)
    const simple = firstChild(decl, XSD_NAMESPACES, 'simpleType')
    return this.simple(simple ? this.schema.simpleBuiltIn(simple) : 'anyType')
  }

  private complex(def: Element): number {
    const known = this.ids.get(def)
    if (known !== undefined) return known
    const id = this.types.length
    const elements: ElementShape[] = []
    this.types.push({ children: elements })
    this.ids.set(def, id)
    const simpleContent = firstChild(def, XSD_NAMESPACES, 'simpleContent')
    if (simpleContent) {
      const derivation = firstChild(simpleContent, XSD_NAMESPACES)
      this.types[id] = { simple: derivation ? this.schema.typeName(qname(derivation, attr(derivation, 'base')), new Set()) : 'string' }
      return id
    }
    this.content(def, elements, new Set())
    return id
  }

  /** Element children of a complex type body (complexType, extension or restriction), inherited ones first. */
  private content(body: Element, out: ElementShape[], seen: Set<Element>): void {
    this.budget.spend()
    if (seen.has(body)) return
    seen.add(body)
    for (const c of children(body, XSD_NAMESPACES)) {
      if (c.localName !== 'complexContent') {
        this.particle(c, ONCE, out, seen)
        continue
      }
      for (const derivation of children(c, XSD_NAMESPACES)) {
        if (derivation.localName === 'extension') {
          const base = this.schema.typeDefinition(qname(derivation, attr(derivation, 'base')))
          if (base?.localName === 'complexType') this.content(base, out, seen)
        }
        // A restriction restates the content it keeps, so only its own particles count.
        if (derivation.localName === 'extension' || derivation.localName === 'restriction') this.content(derivation, out, seen)
      }
    }
  }

  private particle(node: Element, outer: Occurs, out: ElementShape[], seen: Set<Element>): void {
    this.budget.spend()
    const min = attr(node, 'minOccurs').trim()
    const max = attr(node, 'maxOccurs').trim()
    const occurs: Occurs = {
      optional: outer.optional || min === '0' || node.localName === 'choice',
      repeated: outer.repeated || max === 'unbounded' || (max !== '' && Number(max) > 1),
    }
    switch (node.localName) {
      case 'element':
        out.push(this.local(node, occurs))
        return
      case 'sequence':
      case 'all':
      case 'choice':
        for (const c of children(node, XSD_NAMESPACES)) this.particle(c, occurs, out, seen)
        return
      case 'group': {
        const ref = attr(node, 'ref')
        const def = ref ? this.schema.group(qname(node, ref)) : node
        if (!def || seen.has(def)) return
        seen.add(def)
        for (const c of children(def, XSD_NAMESPACES)) this.particle(c, occurs, out, seen)
        return
      }
      default:
        return // annotation, any, attributes
    }
  }

  /** A local element declaration, or a reference to a global one. */
  private local(el: Element, occurs: Occurs): ElementShape {
    const ref = attr(el, 'ref')
    if (ref) {
      const q = qname(el, ref)
      const target = this.schema.element(q)
      if (target) return this.global(target, occurs)
      return { name: q?.local ?? ref, ns: q?.ns ?? '', type: this.simple('anyType'), nillable: false, ...occurs }
    }
    const form = this.formOf(el)
    const own = attr(el, 'form')
    const qualified = own ? own === 'qualified' : form.qualified
    return { name: attr(el, 'name'), ns: qualified ? form.tns : '', type: this.elementType(el), nillable: attr(el, 'nillable') === 'true', ...occurs }
  }

  /** The schema element a declaration is in, and what it says of qualification. */
  private formOf(decl: Element): SchemaForm {
    let node = decl.parentNode as Element | null
    while (node && !(node.localName === 'schema' && node.namespaceURI !== null && XSD_NAMESPACES.has(node.namespaceURI))) node = node.parentNode as Element | null
    if (!node) return { tns: '', qualified: false }
    let form = this.forms.get(node)
    if (!form) {
      form = { tns: attr(node, 'targetNamespace'), qualified: attr(node, 'elementFormDefault') === 'qualified' }
      this.forms.set(node, form)
    }
    return form
  }
}
