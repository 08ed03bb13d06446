import type { WsdlResolution } from '../../../shared/contract/datahub/wsdl'

/**
 * The XML a SOAP message carries, as its schemas declare it: what the hub needs to write a call
 * (each element in the namespace of the schema that declares it, values in their type's lexical
 * form, null only where nillable) and to read an answer (repeated elements as arrays, numbers and
 * booleans typed). Hub-internal: the console's resolve answer does not carry it (routes.ts).
 * Plain data (it crosses from the WSDL worker); types are a table, so recursive types end.
 */
export interface ElementShape {
  /** Local name. */
  name: string
  /** The namespace the element is written in; '' when unqualified (no namespace). */
  ns: string
  /** Index of its type in WsdlShapes.types. */
  type: number
  nillable: boolean
  /** minOccurs="0", or in a choice or an optional group. */
  optional: boolean
  /** maxOccurs above 1, its own or an enclosing group's. */
  repeated: boolean
}

/**
 * A simple type by the XSD built-in it comes down to ('decimal', 'int', 'dateTime'; 'anyType'
 * when unknown); a complex one by its child elements in schema order (inherited ones first).
 * simpleContent counts as simple.
 */
export type TypeShape = { simple: string } | { children: ElementShape[] }

/** An operation's request body element, its answer's body element and its SOAP header element, where the WSDL says. */
export interface OperationShapes {
  input?: ElementShape
  /** The answer's element; an rpc wrapper's name is '' (toolkits name it differently). */
  output?: ElementShape
  header?: ElementShape
}

export interface WsdlShapes {
  types: TypeShape[]
  /** By operation name (targetMethodName). */
  operations: Map<string, OperationShapes>
}

/** A resolve as the hub keeps it: the operations the console sees, and the shapes calls are built with. */
export type HubWsdl = WsdlResolution & { shapes?: WsdlShapes }

/** The XSD built-ins (and their derivations) whose values are numbers, and which of them are whole. */
export const DECIMAL_TYPES: ReadonlySet<string> = new Set(['decimal'])
export const INTEGER_TYPES: ReadonlySet<string> = new Set([
  'integer', 'long', 'int', 'short', 'byte', 'nonNegativeInteger', 'positiveInteger', 'nonPositiveInteger', 'negativeInteger',
  'unsignedLong', 'unsignedInt', 'unsignedShort', 'unsignedByte',
])
export const FLOAT_TYPES: ReadonlySet<string> = new Set(['float', 'double'])
export const BOOLEAN_TYPE = 'boolean'
