import { describe, expect, it } from 'vitest'
import { soapEnvelope, type SoapCall } from './envelope'

const call: SoapCall = {
  address: 'http://svc.example/orders',
  soapVersion: '1.1',
  soapAction: 'urn:Receive',
  style: 'document',
  namespace: 'urn:orders',
  requestElement: 'OrderRequest',
  qualifiedParameters: true,
  parameters: ['id', 'amount', 'lines'],
  header: null,
}

describe('soapEnvelope: a message’s numbers reach the SOAP parameters digit for digit (#32)', () => {
  it('writes a 64-bit id and a long amount as the producer wrote them, nested ones too', () => {
    const text = '{"id":9007199254740993,"amount":12345678901234567890.123456789,"lines":[{"qty":3,"price":12.50}]}'
    const body = /<soap:Body>(.*)<\/soap:Body>/s.exec(soapEnvelope(call, { text, format: 'json' }))?.[1]
    expect(body).toBe(
      '<m:OrderRequest xmlns:m="urn:orders"><m:id>9007199254740993</m:id><m:amount>12345678901234567890.123456789</m:amount><m:lines><m:qty>3</m:qty><m:price>12.50</m:price></m:lines></m:OrderRequest>',
    )
  })
})
