import type { Element } from '@xmldom/xmldom'
import type { WsdlOperation, WsdlParameter } from '../../../shared/contract/datahub/wsdl'
import { WorkBudget } from './budget'
import type { WsdlDocument } from './documents'
import { WsdlFailure } from '../../kernel/outbound/failure'
import { WSDL_LIMITS } from './limits'
import { SchemaIndex } from './schemaIndex'
import type { ElementShape, HubWsdl, OperationShapes } from './shape'
import { ShapeBuilder } from './shapes'
import { attr, children, firstChild, NS, qname, type QName } from '../../kernel/xml'

const SOAP_NAMESPACES: ReadonlySet<string> = new Set([NS.soap11, NS.soap12])

type WsdlKind = 'message' | 'portType' | 'binding'

/** wsdl:definitions of every loaded WSDL document, by qualified and by local name. */
class DefinitionIndex {
  private readonly byName = new Map<string, Element>()
  private readonly byLocal = new Map<string, Element>()
  /** Services in document order, the addressed document first. */
  readonly services: Element[] = []
  readonly bindings: Element[] = []

  constructor(roots: readonly Element[]) {
    for (const root of roots) {
      const tns = attr(root, 'targetNamespace')
      for (const el of children(root, NS.wsdl)) {
        const kind = el.localName
        if (kind === 'service') this.services.push(el)
        if (kind === 'binding') this.bindings.push(el)
        if (kind !== 'message' && kind !== 'portType' && kind !== 'binding') continue
        const name = attr(el, 'name')
        if (!this.byName.has(`${kind}|${tns}|${name}`)) this.byName.set(`${kind}|${tns}|${name}`, el)
        if (!this.byLocal.has(`${kind}|${name}`)) this.byLocal.set(`${kind}|${name}`, el)
      }
    }
  }

  /** By qualified name; by local name when a generator got the prefix wrong or left it out. */
  find(kind: WsdlKind, q: QName | null): Element | undefined {
    if (!q) return undefined
    return this.byName.get(`${kind}|${q.ns ?? ''}|${q.local}`) ?? this.byLocal.get(`${kind}|${q.local}`)
  }
}

const isWsdlRoot = (el: Element | null | undefined): el is Element => !!el && el.namespaceURI === NS.wsdl && el.localName === 'definitions'

/**
 * Lists the operations a client can call over SOAP (1.1 or 1.2, document or rpc style), from the
 * documents gatherDocuments loaded (the addressed WSDL first). Operations come from the SOAP
 * ports of every service, in document order; one offered on several ports (a SOAP 1.1 and a 1.2
 * port, typically) is listed once, with its first port. Bindings no port uses are the fallback.
 * Every step counts against `budget`: a crafted WSDL is refused rather than resolved for minutes.
 */
export function resolveWsdl(docs: readonly WsdlDocument[], budget = new WorkBudget(WSDL_LIMITS.maxSteps, Number.POSITIVE_INFINITY, 0)): HubWsdl {
  try {
    return operationsOf(docs, budget)
  } catch (err) {
    // Particles nested deeper than the stack: no real schema does that.
    if (err instanceof RangeError) throw new WsdlFailure('tooComplex', { max: budget.maxSteps })
    throw err
  }
}

type Resolved = WsdlOperation & { shapes: OperationShapes }

function operationsOf(docs: readonly WsdlDocument[], budget: WorkBudget): HubWsdl {
  const main = docs[0]?.doc.documentElement
  if (!isWsdlRoot(main)) throw new WsdlFailure('notWsdl', { url: docs[0]?.url ?? '' })
  const roots = docs.map((d) => d.doc.documentElement).filter(isWsdlRoot)
  const defs = new DefinitionIndex(roots)
  const schema = new SchemaIndex(docs, budget)
  const shapes = new ShapeBuilder(schema, budget)

  const operations = new Map<string, Resolved>()
  const add = (op: Resolved) => {
    if (!operations.has(op.targetMethodName)) operations.set(op.targetMethodName, op)
  }
  const used = new Set<Element>()
  for (const service of defs.services) {
    for (const port of children(service, NS.wsdl, 'port')) {
      budget.spend()
      const binding = defs.find('binding', qname(port, attr(port, 'binding')))
      // A binding's operations are listed with its first port: a further port of the same
      // binding adds none, so it is not worked out again (4,000 ports × 300 operations would be).
      if (!binding || used.has(binding)) continue
      used.add(binding)
      const address = children(port).find((c) => c.localName === 'address')
      for (const op of bindingOperations(binding, defs, schema, shapes, budget)) {
        add({ ...op, portName: attr(port, 'name'), ...(address ? { serviceAddress: attr(address, 'location') } : {}) })
      }
    }
  }
  for (const binding of defs.bindings) if (!used.has(binding)) for (const op of bindingOperations(binding, defs, schema, shapes, budget)) add({ ...op, portName: '' })

  const list = [...operations.values()].map(({ shapes: _, ...op }) => op)
  if (list.length === 0) throw new WsdlFailure('noOperations', { url: docs[0]!.url })
  const byOperation = new Map([...operations.values()].map((op) => [op.targetMethodName, op.shapes]))
  return { operations: list, targetNamespace: attr(main, 'targetNamespace'), portName: list[0]!.portName ?? '', shapes: { types: shapes.types, operations: byOperation } }
}

/** The operations of one binding, when it is a SOAP binding (HTTP and MIME bindings are not called). */
function bindingOperations(binding: Element, defs: DefinitionIndex, schema: SchemaIndex, shapes: ShapeBuilder, budget: WorkBudget): Resolved[] {
  const soapBinding = firstChild(binding, SOAP_NAMESPACES, 'binding')
  if (!soapBinding) return []
  const soapNs = soapBinding.namespaceURI!
  const soapVersion = soapNs === NS.soap12 ? '1.2' : '1.1'
  const portType = defs.find('portType', qname(binding, attr(binding, 'type')))
  if (!portType) return []
  const root = binding.ownerDocument?.documentElement
  const tns = root ? attr(root, 'targetNamespace') : ''
  // By name, the first of a name winning: one pass, not one per binding operation.
  const portTypeOps = new Map<string, Element>()
  for (const o of children(portType, NS.wsdl, 'operation')) if (!portTypeOps.has(attr(o, 'name'))) portTypeOps.set(attr(o, 'name'), o)
  const out: Resolved[] = []
  for (const bop of children(binding, NS.wsdl, 'operation')) {
    budget.spend()
    const name = attr(bop, 'name')
    const ptOp = portTypeOps.get(name)
    if (!ptOp) continue
    const soapOp = firstChild(bop, soapNs, 'operation')
    const style = ((soapOp ? attr(soapOp, 'style') : '') || attr(soapBinding, 'style') || 'document') === 'rpc' ? 'rpc' : 'document'
    const input = firstChild(ptOp, NS.wsdl, 'input')
    const message = input ? defs.find('message', qname(input, attr(input, 'message'))) : undefined
    const parts = message ? children(message, NS.wsdl, 'part') : []
    const bindingInput = firstChild(bop, NS.wsdl, 'input')
    const body = bindingInput ? firstChild(bindingInput, soapNs, 'body') : undefined
    const headers = bindingInput ? children(bindingInput, soapNs, 'header') : []

    const bodyPartNames = body && attr(body, 'parts').trim() ? new Set(attr(body, 'parts').trim().split(/\s+/)) : null
    const headerPartNames = new Set(headers.filter((h) => defs.find('message', qname(h, attr(h, 'message'))) === message).map((h) => attr(h, 'part')))
    const bodyParts = parts.filter((p) => (bodyPartNames ? bodyPartNames.has(attr(p, 'name')) : !headerPartNames.has(attr(p, 'name'))))

    const header = headers.length > 0 ? headerOf(headers[0]!, defs, schema) : null
    const request = style === 'rpc' ? { requestElement: name, qualifiedParameters: false } : requestElementOf(bodyParts, schema)
    const namespace = style === 'rpc' ? attr(body ?? bop, 'namespace') || tns : (firstElementNamespace(bodyParts) ?? tns)
    const answer = outputOf(ptOp, bop, defs, soapNs)
    const operationShapes: OperationShapes = {
      ...optional('input', messageShape(style, name, namespace, bodyParts, schema, shapes)),
      ...optional('output', messageShape(style, '', answer.namespace || tns, answer.parts, schema, shapes)),
      ...optional('header', headers.length > 0 ? headerElement(headers[0]!, defs, schema, shapes) : undefined),
    }
    out.push({
      shapes: operationShapes,
      targetMethodName: name,
      inparameters: style === 'rpc' ? bodyParts.map((p) => rpcParameter(p, schema)) : bodyParts.flatMap((p) => documentParameters(p, schema)),
      headerParameters: header?.parameters ?? [],
      ...(header ? { headerMethodName: header.name } : {}),
      namespace,
      style,
      soapVersion,
      soapAction: soapOp ? attr(soapOp, 'soapAction') : '',
      ...request,
    })
  }
  return out
}

const elementRef = (part: Element): QName | null => (attr(part, 'element') ? qname(part, attr(part, 'element')) : null)

function firstElementNamespace(parts: readonly Element[]): string | undefined {
  for (const p of parts) {
    const q = elementRef(p)
    if (q?.ns) return q.ns
  }
  return undefined
}

/**
 * document style: the body element the first part names, and whether its children are qualified
 * (elementFormDefault of the schema declaring it; rpc parts never are). A typed part has none.
 */
function requestElementOf(parts: readonly Element[], schema: SchemaIndex): { requestElement?: string; qualifiedParameters?: boolean } {
  const q = parts[0] ? elementRef(parts[0]) : null
  if (!q) return {}
  const decl = schema.element(q)
  const declaringSchema = decl?.parentNode as Element | null | undefined
  return { requestElement: q.local, qualifiedParameters: !!declaringSchema && attr(declaringSchema, 'elementFormDefault') === 'qualified' }
}

/** document style: a part names a body element, whose children are the parameters. */
function documentParameters(part: Element, schema: SchemaIndex): WsdlParameter[] {
  const q = elementRef(part)
  if (!q) return [rpcParameter(part, schema)]
  const decl = schema.element(q)
  return decl ? schema.elementParameters(decl) : [{ name: q.local, type: 'anyType' }]
}

/** rpc style: each part is one parameter (a typed part, or one naming an element). */
function rpcParameter(part: Element, schema: SchemaIndex): WsdlParameter {
  const name = attr(part, 'name')
  if (attr(part, 'type')) return { name, type: schema.typeName(qname(part, attr(part, 'type')), new Set()) }
  const decl = schema.element(elementRef(part))
  return { name, type: decl ? schema.declaredType(decl) : 'anyType' }
}

/** The SOAP header element of an operation: its name and its children. */
function headerOf(header: Element, defs: DefinitionIndex, schema: SchemaIndex): { name: string; parameters: WsdlParameter[] } | null {
  const message = defs.find('message', qname(header, attr(header, 'message')))
  const part = message ? children(message, NS.wsdl, 'part').find((p) => attr(p, 'name') === attr(header, 'part')) : undefined
  if (!part) return null
  const q = elementRef(part)
  const decl = q ? schema.element(q) : undefined
  if (decl) return { name: attr(decl, 'name'), parameters: schema.elementParameters(decl) }
  return { name: q?.local ?? attr(part, 'name'), parameters: q ? [] : [rpcParameter(part, schema)] }
}

/** The body parts of an operation's answer, and the rpc namespace its soap:body names. */
function outputOf(ptOp: Element, bop: Element, defs: DefinitionIndex, soapNs: string): { parts: Element[]; namespace: string } {
  const output = firstChild(ptOp, NS.wsdl, 'output')
  const message = output ? defs.find('message', qname(output, attr(output, 'message'))) : undefined
  const bindingOutput = firstChild(bop, NS.wsdl, 'output')
  const body = bindingOutput ? firstChild(bindingOutput, soapNs, 'body') : undefined
  const named = body && attr(body, 'parts').trim() ? new Set(attr(body, 'parts').trim().split(/\s+/)) : null
  const parts = (message ? children(message, NS.wsdl, 'part') : []).filter((p) => !named || named.has(attr(p, 'name')))
  return { parts, namespace: body ? attr(body, 'namespace') : '' }
}

const optional = <K extends string>(key: K, value: ElementShape | undefined): Partial<Record<K, ElementShape>> => (value ? ({ [key]: value } as Record<K, ElementShape>) : {})

/**
 * The body element of a message: document style the element its first part names (a typed
 * document part has none); rpc style a wrapper named `wrapper` in the body's namespace with one
 * unqualified child per part (a part naming an element is that element, qualified).
 */
function messageShape(style: 'document' | 'rpc', wrapper: string, ns: string, parts: readonly Element[], schema: SchemaIndex, shapes: ShapeBuilder): ElementShape | undefined {
  if (style === 'document') {
    const q = parts[0] ? elementRef(parts[0]) : null
    const decl = q ? schema.element(q) : undefined
    return decl ? shapes.global(decl) : undefined
  }
  const members = parts.map((p) => {
    const decl = attr(p, 'element') ? schema.element(elementRef(p)) : undefined
    return decl ? shapes.global(decl) : shapes.made(attr(p, 'name'), '', shapes.typeNamed(attr(p, 'type') ? qname(p, attr(p, 'type')) : null))
  })
  return shapes.made(wrapper, ns, shapes.complexOf(members))
}

/** The SOAP header element's shape, when its part names a declared element. */
function headerElement(header: Element, defs: DefinitionIndex, schema: SchemaIndex, shapes: ShapeBuilder): ElementShape | undefined {
  const message = defs.find('message', qname(header, attr(header, 'message')))
  const part = message ? children(message, NS.wsdl, 'part').find((p) => attr(p, 'name') === attr(header, 'part')) : undefined
  const q = part ? elementRef(part) : null
  const decl = q ? schema.element(q) : undefined
  return decl ? shapes.global(decl) : undefined
}
