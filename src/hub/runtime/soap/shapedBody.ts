import type { ElementShape } from '../../datahub/wsdl/shape'
import type { CallShapes, SoapCall } from './soapCall'
import { isObject, ShapedWriter, type Json } from './shapedWriter'

/** The call's shapes when the schemas declare its body element and every configured parameter; else null (the plain writer then). */
export function requestShapes(call: SoapCall): (CallShapes & { input: ElementShape }) | null {
  const shapes = call.shapes
  const input = shapes?.input
  if (!shapes || !input) return null
  const type = shapes.types[input.type]
  const declared = type && 'children' in type ? type.children.map((c) => c.name) : [input.name]
  return call.parameters.every((p) => declared.includes(p)) ? { ...shapes, input } : null
}

const writerFor = (call: SoapCall, shapes: CallShapes): ShapedWriter =>
  new ShapedWriter(shapes.types, call.namespace, (ns) => (ns === shapes.wsdlNamespace && call.namespace ? call.namespace : ns))

/**
 * The request element for a message, by the schemas: a JSON object's keys fill the parameters
 * they name (each as its schema declares it); an operation of one parameter takes the whole
 * message — its fields fill that parameter's children when it is of a complex type (a message
 * `{"id":"K-2"}` for `Place(order: Order)` is the order), else its text is the value. A body
 * element of simple type is itself the one parameter. null: the message fills no parameter.
 */
export function shapedRequest(call: SoapCall, shapes: CallShapes & { input: ElementShape }, value: Json | undefined, text: string): string | null {
  const writer = writerFor(call, shapes)
  const { input, types } = shapes
  const type = types[input.type]
  const whole: Json = value === undefined || (typeof value === 'object' && value !== null) ? text : value
  if (!type || !('children' in type)) return writer.outermost(input, isObject(value) && Object.hasOwn(value, input.name) ? value[input.name]! : whole)
  const parameters = call.parameters.length === 0 ? type.children : type.children.filter((c) => call.parameters.includes(c.name))
  if (isObject(value) && parameters.some((p) => Object.hasOwn(value, p.name))) {
    return writer.outermost(input, Object.fromEntries(parameters.filter((p) => Object.hasOwn(value, p.name)).map((p) => [p.name, value[p.name]!])))
  }
  if (parameters.length !== 1) return parameters.length === 0 && type.children.length === 0 ? writer.outermost(input, {}) : null
  const only = parameters[0]!
  const complex = 'children' in (types[only.type] ?? { simple: '' })
  return writer.outermost(input, { [only.name]: complex && isObject(value) ? value : whole })
}

/** The request element of a webservice producer's configured values (text, in schema order). */
export function shapedValues(call: SoapCall, shapes: CallShapes & { input: ElementShape }, values: readonly (readonly [string, string])[]): string {
  const type = shapes.types[shapes.input.type]
  const object = Object.fromEntries(values)
  const value: Json = type && 'children' in type ? object : (object[shapes.input.name] ?? values[0]?.[1] ?? '')
  return writerFor(call, shapes).outermost(shapes.input, value)
}

/** The SOAP header element with the configured values, by its schema; null when the schema does not declare it. */
export function shapedHeader(call: SoapCall): string | null {
  const shapes = call.shapes
  const header = shapes?.header
  if (!shapes || !header || !call.header || header.name !== call.header.name.trim()) return null
  const values = call.header.values.filter((v) => v.name.trim()).map((v) => [v.name.trim(), v.value] as const)
  return writerFor(call, shapes).outermost(header, Object.fromEntries(values))
}
