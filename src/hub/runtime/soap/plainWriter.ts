import { isExactNumber, numberText } from '../json/exact'
import type { SoapCall } from './soapCall'
import { soapRefusal } from './lexical'
import type { Json } from './shapedWriter'
import { escapeAttribute, escapeText } from './xmlText'

const XSI = 'http://www.w3.org/2001/XMLSchema-instance'
const ELEMENT_NAME = /^[\p{L}_][\p{L}\p{N}_.-]*$/u

/**
 * Writes a call without the WSDL's schemas (none was loaded, or the settings name elements the
 * schemas do not declare): every parameter in the operation's namespace or none, as
 * qualifiedParameters says, values as the message has them, null as xsi:nil. Element names in
 * the operation's namespace get the prefix `m`; unqualified ones none (no default namespace is
 * declared).
 */
export class PlainWriter {
  constructor(private readonly call: SoapCall) {}

  private name(local: string, qualified: boolean): string {
    if (!ELEMENT_NAME.test(local)) throw soapRefusal('msg_soap_bad_element_name', { name: local })
    return qualified && this.call.namespace ? `m:${local}` : local
  }

  /** The namespace declaration goes on the outermost element written in it. */
  private declare = (qualified: boolean): string => (qualified && this.call.namespace ? ` xmlns:m="${escapeAttribute(this.call.namespace)}"` : '')

  /** A value as element(s): text as text, an object as child elements, an array as the element repeated. */
  value(local: string, value: Json, qualified: boolean, outermost = false): string {
    if (Array.isArray(value)) return value.map((v) => this.value(local, v, qualified, outermost)).join('')
    const name = this.name(local, qualified)
    const ns = outermost ? this.declare(qualified) : ''
    if (value === null) return `<${name}${ns} xsi:nil="true" xmlns:xsi="${XSI}"/>`
    if (typeof value !== 'object') return `<${name}${ns}>${escapeText(String(value))}</${name}>`
    if (isExactNumber(value)) return `<${name}${ns}>${numberText(value)}</${name}>`
    const inner = Object.entries(value)
      .map(([k, v]) => this.value(k, v, qualified))
      .join('')
    return `<${name}${ns}>${inner}</${name}>`
  }

  /** The request element around its parameters (children as qualified as the schema says; rpc parts never are). */
  request(entries: [string, Json][]): string {
    const { style, requestElement, qualifiedParameters } = this.call
    const childQualified = style === 'document' && qualifiedParameters
    if (!requestElement) return entries.map(([k, v]) => this.value(k, v, false, true)).join('')
    // A document part naming an element of simple type: that element is the one parameter.
    if (style === 'document' && entries.length === 1 && entries[0]![0] === requestElement && this.call.parameters.length <= 1) {
      return this.value(requestElement, entries[0]![1], true, true)
    }
    const wrapper = this.name(requestElement, true)
    return `<${wrapper}${this.declare(true)}>${entries.map(([k, v]) => this.value(k, v, childQualified)).join('')}</${wrapper}>`
  }

  header(): string {
    const h = this.call.header
    if (!h?.name) return ''
    const entries: [string, Json][] = h.values.filter((v) => v.name.trim()).map((v) => [v.name.trim(), v.value])
    const name = this.name(h.name, true)
    const inner = entries.map(([k, v]) => this.value(k, v, this.call.qualifiedParameters)).join('')
    return `<soap:Header><${name}${this.declare(true)}>${inner}</${name}></soap:Header>`
  }
}

