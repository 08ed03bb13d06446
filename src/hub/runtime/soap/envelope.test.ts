import { describe, expect, it } from 'vitest'
import { DeliveryError } from '../../kernel/deliveryError'
import { soapEnvelope, soapHeaders, type SoapCall } from './envelope'
import { faultOf } from './fault'

const call = (over: Partial<SoapCall> = {}): SoapCall => ({
  address: 'http://svc.example/orders',
  soapVersion: '1.1',
  soapAction: 'urn:Receive',
  style: 'document',
  namespace: 'urn:orders',
  requestElement: 'OrderRequest',
  qualifiedParameters: true,
  parameters: ['id', 'lines'],
  header: null,
  ...over,
})
const json = (value: unknown) => ({ text: JSON.stringify(value), format: 'json' as const })
/** The content of soap:Body. */
const body = (envelope: string) => /<soap:Body>(.*)<\/soap:Body>/s.exec(envelope)?.[1]

describe('soapEnvelope: how a message becomes the SOAP body', () => {
  it('a JSON object fills the parameters by name, in the operation order, inside the body element', () => {
    const out = soapEnvelope(call(), json({ lines: [{ sku: 'a<1>' }, { sku: 'b' }], id: 7, extra: 'x', none: null }))
    expect(out).toContain('<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">')
    expect(body(out)).toBe('<m:OrderRequest xmlns:m="urn:orders"><m:id>7</m:id><m:lines><m:sku>a&lt;1&gt;</m:sku></m:lines><m:lines><m:sku>b</m:sku></m:lines></m:OrderRequest>')
  })

  it('unqualified parameters (elementFormDefault unqualified, rpc parts) carry no namespace; null is xsi:nil', () => {
    expect(body(soapEnvelope(call({ qualifiedParameters: false }), json({ id: null })))).toBe(
      '<m:OrderRequest xmlns:m="urn:orders"><id xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/></m:OrderRequest>',
    )
    expect(body(soapEnvelope(call({ style: 'rpc', requestElement: 'Receive', qualifiedParameters: true }), json({ id: 'A&B' })))).toBe('<m:Receive xmlns:m="urn:orders"><id>A&amp;B</id></m:Receive>')
  })

  it('an XML message is the body content as it is, without its declaration', () => {
    const xml = '<?xml version="1.0"?><o:OrderRequest xmlns:o="urn:orders"><o:id>1</o:id></o:OrderRequest>'
    expect(body(soapEnvelope(call(), { text: xml, format: 'xml' }))).toBe('<o:OrderRequest xmlns:o="urn:orders"><o:id>1</o:id></o:OrderRequest>')
    expect(() => soapEnvelope(call(), { text: '<a><b></a>', format: 'xml' })).toThrow(DeliveryError)
  })

  it('an operation of one parameter takes the whole message when no key names it', () => {
    const one = call({ requestElement: 'Push', parameters: ['payload'] })
    expect(body(soapEnvelope(one, json({ a: 1 })))).toBe('<m:Push xmlns:m="urn:orders"><m:payload>{"a":1}</m:payload></m:Push>')
    expect(body(soapEnvelope(one, { text: 'plain <text>', format: 'text' }))).toBe('<m:Push xmlns:m="urn:orders"><m:payload>plain &lt;text&gt;</m:payload></m:Push>')
    // A document part naming an element of simple type: that element is the parameter.
    expect(body(soapEnvelope(call({ requestElement: 'valid', parameters: ['valid'] }), json({ valid: true })))).toBe('<m:valid xmlns:m="urn:orders">true</m:valid>')
  })

  it('a message that fills no parameter of several is refused for good, naming them', () => {
    let error: unknown
    try {
      soapEnvelope(call(), json({ other: 1 }))
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(DeliveryError)
    expect(error).toMatchObject({ permanent: true, message: expect.stringContaining("the operation's parameters are id, lines") })
    expect(() => soapEnvelope(call({ parameters: [] }), json({ 'bad name': 1 }))).toThrow(/cannot be an XML element name/)
  })

  it('SOAP 1.2 envelope and content type with the action; a header element with its values', () => {
    const twelve = call({ soapVersion: '1.2', header: { name: 'Auth', values: [{ name: 'user', value: 'hub' }] } })
    const out = soapEnvelope(twelve, json({ id: 1 }))
    expect(out).toContain('xmlns:soap="http://www.w3.org/2003/05/soap-envelope"')
    expect(out).toContain('<soap:Header><m:Auth xmlns:m="urn:orders"><m:user>hub</m:user></m:Auth></soap:Header>')
    expect(soapHeaders(twelve)['content-type']).toBe('application/soap+xml; charset=utf-8; action="urn:Receive"')
    expect(soapHeaders(call())).toMatchObject({ 'content-type': 'text/xml; charset=utf-8', soapaction: '"urn:Receive"' })
  })
})

describe('faultOf', () => {
  it('reads SOAP 1.1 and 1.2 faults, and nothing from other answers', () => {
    expect(faultOf('<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault><faultcode>s:Server</faultcode><faultstring>down</faultstring></s:Fault></s:Body></s:Envelope>')).toBe('s:Server: down')
    expect(
      faultOf(
        '<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body><e:Fault><e:Code><e:Value>e:Sender</e:Value></e:Code><e:Reason><e:Text xml:lang="en">bad id</e:Text></e:Reason></e:Fault></e:Body></e:Envelope>',
      ),
    ).toBe('e:Sender: bad id')
    expect(faultOf('<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Ack>ok</Ack></s:Body></s:Envelope>')).toBeNull()
    expect(faultOf('service unavailable')).toBeNull()
  })
})
