import { DOMParser } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import type { ElementShape, TypeShape } from '../../datahub/wsdl/shape'
import { stringifyExact } from '../json/exact'
import { DeliveryError } from '../../kernel/deliveryError'
import { soapEnvelope, type SoapCall } from './envelope'
import { lexicalText, plainDecimal } from './lexical'
import { jsonOfShaped } from './shapedJson'

const OPS = 'urn:ops'
const DATA = 'urn:data'
const el = (name: string, ns: string, type: number, over: Partial<ElementShape> = {}): ElementShape => ({ name, ns, type, nillable: false, optional: false, repeated: false, ...over })
// 0 string, 1 decimal, 2 int, 3 boolean, 4 Line, 5 Order, 6 Place (one complex parameter), 7 Send (several), 8 dateTime
const types: TypeShape[] = [
  { simple: 'string' },
  { simple: 'decimal' },
  { simple: 'int' },
  { simple: 'boolean' },
  { children: [el('sku', '', 0), el('qty', '', 2)] },
  {
    children: [
      el('id', DATA, 0),
      el('amount', DATA, 1, { optional: true }),
      el('paid', DATA, 3, { optional: true }),
      el('at', DATA, 8, { optional: true }),
      el('note', DATA, 0, { optional: true, nillable: true }),
      el('line', DATA, 4, { optional: true, repeated: true }),
    ],
  },
  { children: [el('order', OPS, 5)] },
  { children: [el('id', OPS, 0), el('count', OPS, 2)] },
  { simple: 'dateTime' },
]
const call = (input: ElementShape, parameters: string[]): SoapCall => ({
  address: 'http://svc.example/',
  soapVersion: '1.1',
  soapAction: '',
  style: 'document',
  namespace: OPS,
  requestElement: input.name,
  qualifiedParameters: true,
  parameters,
  header: null,
  shapes: { types, input, wsdlNamespace: OPS },
})
const place = call(el('Place', OPS, 6), ['order'])
const body = (c: SoapCall, text: string) => /<soap:Body>(.*)<\/soap:Body>/s.exec(soapEnvelope(c, { text, format: 'json' }))?.[1]

describe('soapEnvelope with the WSDL shapes', () => {
  it("a single complex parameter takes the message's fields; each element in its schema's namespace, in schema order; unknown keys left out", () => {
    expect(body(place, '{"line":[{"qty":2,"sku":"a"}],"id":"K-2","extra":1}')).toBe(
      `<m:Place xmlns:m="${OPS}" xmlns:n1="${DATA}"><m:order><n1:id>K-2</n1:id><n1:line><sku>a</sku><qty>2</qty></n1:line></m:order></m:Place>`,
    )
    // A message that names the parameter is that parameter.
    expect(body(place, '{"order":{"id":"K-3"}}')).toBe(`<m:Place xmlns:m="${OPS}" xmlns:n1="${DATA}"><m:order><n1:id>K-3</n1:id></m:order></m:Place>`)
  })

  it('values in their XSD lexical form, a number digit for digit from the message text', () => {
    const out = body(place, '{"id":"x","amount":12345678901234567890.123456789,"paid":true,"at":"2026-12-01 10:00:00"}')
    expect(out).toContain('<n1:amount>12345678901234567890.123456789</n1:amount><n1:paid>true</n1:paid><n1:at>2026-12-01T10:00:00</n1:at>')
    expect(body(place, '{"id":"x","amount":1e-7}')).toContain('<n1:amount>0.0000001</n1:amount>')
    expect(body(place, '{"id":"x","amount":1e21}')).toContain('<n1:amount>1000000000000000000000</n1:amount>')
    expect(body(place, '{"id":"x","amount":12.50}')).toContain('<n1:amount>12.50</n1:amount>')
    expect(body(call(el('Send', OPS, 7), ['id', 'count']), '{"count":3.0,"id":7}')).toBe(`<m:Send xmlns:m="${OPS}"><m:id>7</m:id><m:count>3</m:count></m:Send>`)
  })

  it('null: xsi:nil where nillable, left out where optional, refused (permanently, with the element) otherwise', () => {
    expect(body(place, '{"id":"x","amount":null,"note":null}')).toBe(
      `<m:Place xmlns:m="${OPS}" xmlns:n1="${DATA}"><m:order><n1:id>x</n1:id><n1:note xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/></m:order></m:Place>`,
    )
    let error: unknown
    try {
      body(place, '{"id":null}')
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(DeliveryError)
    expect(error).toMatchObject({ permanent: true, message: "The message gives null for Place/order/id, which the web service's schema declares neither nillable nor optional" })
    expect(() => body(call(el('Send', OPS, 7), ['id', 'count']), '{"id":"a","count":2.5}')).toThrow("The message's value 2.5 for Send/count is not an xs:int")
  })

  it('settings naming parameters the schema does not declare fall back to the plain writer', () => {
    expect(body(call(el('Send', OPS, 7), ['id', 'other']), '{"id":1e-7,"other":1}')).toBe(`<m:Send xmlns:m="${OPS}"><m:id>1e-7</m:id><m:other>1</m:other></m:Send>`)
  })
})

describe('lexical forms', () => {
  it('decimals without exponent, every digit kept', () => {
    expect(['1e-7', '1E21', '-1.5e-3', '1.25e1', '0e0', '12.50', '123'].map(plainDecimal)).toEqual(['0.0000001', '1000000000000000000000', '-0.0015', '12.5', '0', '12.50', '123'])
    expect(plainDecimal('abc')).toBeNull()
    expect(lexicalText('boolean', true, 'x')).toBe('true')
    expect(lexicalText('double', 1e21, 'x')).toBe('1e+21')
    expect(lexicalText('dateTime', Date.UTC(2026, 11, 1, 10), 'x')).toBe('2026-12-01T10:00:00.000Z')
    expect(lexicalText('long', 1e3, 'x')).toBe('1000')
  })
})

describe('jsonOfShaped: an answer by its schema', () => {
  const read = (xml: string) => stringifyExact(jsonOfShaped(new DOMParser().parseFromString(xml, 'text/xml').documentElement as never, el('order', DATA, 5), types))
  it('a repeated element is always a list; numbers exact, booleans booleans, nil null; undeclared children kept as text', () => {
    expect(read(`<order xmlns="${DATA}"><id>A</id><amount> 12345678901234567890.50 </amount><paid>1</paid><line><sku>a</sku><qty>+007</qty></line><extra>x</extra></order>`)).toBe(
      '{"id":"A","amount":12345678901234567890.50,"paid":true,"line":[{"sku":"a","qty":7}],"extra":"x"}',
    )
    expect(read(`<order xmlns="${DATA}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><id>B</id><amount>n/a</amount><note i:nil="true"/></order>`)).toBe('{"id":"B","amount":"n/a","note":null,"line":[]}')
  })
})
