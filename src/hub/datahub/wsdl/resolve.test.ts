import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { WorkBudget } from './budget'
import type { FetchText } from '../../kernel/outbound/httpFetch'
import { gatherDocuments } from './documents'
import { WsdlFailure } from '../../kernel/outbound/failure'
import { resolveWsdl } from './resolve'
import { parseXml } from '../../kernel/xml'

/** The public WSDLs of ../shared/fixtures/wsdl (beside the clone), served under a fake origin. */
const FIXTURES = resolve(process.cwd(), '..', 'shared', 'fixtures', 'wsdl')
const ORIGIN = 'http://fixtures.test/'

const fromDisk = (extra: Record<string, string> = {}): FetchText => async (url) => {
  if (extra[url] !== undefined) return { url, text: extra[url] }
  if (!url.startsWith(ORIGIN)) throw new WsdlFailure('unreachable', { url })
  try {
    return { url, text: await readFile(join(FIXTURES, url.slice(ORIGIN.length)), 'utf8') }
  } catch {
    throw new WsdlFailure('httpStatus', { url, status: 404 })
  }
}

const resolveFixture = async (path: string, extra?: Record<string, string>) => resolveWsdl((await gatherDocuments(ORIGIN + path, fromDisk(extra), 20)).documents)
const op = (r: Awaited<ReturnType<typeof resolveFixture>>, name: string) => {
  const found = r.operations.find((o) => o.targetMethodName === name)
  if (!found) throw new Error(`no operation ${name} in ${r.operations.map((o) => o.targetMethodName).join(', ')}`)
  return found
}

describe('resolveWsdl on public WSDLs', () => {
  it('document/literal: the children of each request element, typed, with the element namespace', async () => {
    const r = await resolveFixture('stockquote.wsdl')
    expect(r.targetNamespace).toBe('http://example.com/stockquote.wsdl')
    expect(r.portName).toBe('StockQuotePort')
    expect(r.operations.map((o) => o.targetMethodName)).toEqual(['GetLastTradePrice', 'SetTradePrice', 'IsValidPrice'])
    expect(op(r, 'SetTradePrice')).toMatchObject({
      inparameters: [{ name: 'tickerSymbol', type: 'string' }, { name: 'price', type: 'float' }],
      headerParameters: [],
      namespace: 'http://example.com/stockquote.xsd',
      style: 'document',
      soapVersion: '1.1',
      soapAction: 'http://example.com/SetTradePrice',
      serviceAddress: 'http://localhost:15099/stockquote',
      requestElement: 'TradePriceSubmit',
      qualifiedParameters: false,
    })
  })

  it('rpc over SOAP 1.2: each message part is a parameter, with the body namespace', async () => {
    const r = await resolveFixture('rpcexample.wsdl')
    expect(r.operations).toHaveLength(13)
    expect(op(r, 'pullFile')).toMatchObject({ inparameters: [{ name: 'params', type: 'pullFileParams' }], style: 'rpc', soapVersion: '1.2', namespace: 'urn:RpcExample', portName: 'RpcExample', requestElement: 'pullFile', qualifiedParameters: false })
    expect(op(r, 'listFiles').inparameters).toEqual([])
  })

  it('several services and ports: every operation with the port it is called through', async () => {
    const r = await resolveFixture('multi-service.wsdl')
    expect(r.operations.map((o) => [o.targetMethodName, o.portName, o.serviceAddress])).toEqual([
      ['sayHello', 'Hello_Port', 'http://localhost:8001/SayHello/'],
      ['sayBye', 'Bye_Port', 'http://localhost:8001/SayBye/'],
      ['sayAnotherBye', 'Another_Bye_Port', 'http://localhost:8001/SayAnotherBye/'],
    ])
    expect(r.portName).toBe('Hello_Port')
    expect(op(r, 'sayBye')).toMatchObject({ inparameters: [{ name: 'firstName', type: 'string' }], namespace: 'urn:examples:byeservice', style: 'rpc' })
  })

  it('recursive types end; HTTP ports are skipped for the SOAP port', async () => {
    const r = await resolveFixture('recursive.wsdl')
    expect(r.portName).toBe('OperationServiceNextGenSOAPPort')
    expect(op(r, 'operation').inparameters).toEqual([{ name: 'constraint', type: 'Constraint' }])
  })

  it('a default namespace and an undeclared soap prefix (SOAP 1.2 generator) still resolve', async () => {
    const r = await resolveFixture('default_namespace_soap12.wsdl')
    expect(r).toMatchObject({ targetNamespace: 'http://www.example.com/v1', portName: 'MyServicePort' })
    expect(op(r, 'MyOperation')).toMatchObject({ inparameters: [], namespace: 'http://www.example.com/v1' })
  })

  it('wsdl:import: the portType and schema of another document, relative to it', async () => {
    const r = await resolveFixture('wsdlImport/main.wsdl')
    expect(r).toMatchObject({ targetNamespace: 'http://base.example.com', portName: 'UserRemoteServiceImplPort' })
    expect(op(r, 'getLatestVersion')).toMatchObject({ inparameters: [], namespace: 'http://example.com/' })
  })

  it('nested imports and includes, extension of an abstract base, simple types down to the built-in', async () => {
    const r = await resolveFixture('complex/registration.wsdl')
    expect(r.portName).toBe('registrationCommonHttpSoapPort')
    expect(op(r, 'registerUser').inparameters).toEqual([
      { name: 'id', type: 'string' },
      { name: 'lastName', type: 'string' },
      { name: 'firstName', type: 'string' },
      { name: 'dateOfBirth', type: 'date' },
      { name: 'correspondenceLanguage', type: 'string' },
      { name: 'emailAddress', type: 'string' },
      { name: 'lookupPermission', type: 'string' },
      { name: 'privateAddress', type: 'privateAddress' },
      { name: 'companyAddress', type: 'companyAddress' },
    ])
    expect(op(r, 'registerUser').namespace).toBe('http://test-soap.com/api/registration/messages')
  })

  it('element references inside a sequence', async () => {
    const r = await resolveFixture('complex/mixed-sequence.wsdl')
    expect(op(r, 'getData')).toMatchObject({ inparameters: [{ name: 'id', type: 'string' }, { name: 'index', type: 'int' }], style: 'document' })
  })

  it('xsd:include, also with namespaces declared on the element; a binding operation without a portType one is left out', async () => {
    const plain = await resolveFixture('xsdinclude/xsd_include.wsdl')
    expect(plain.operations.map((o) => o.targetMethodName)).toEqual(['Dummy'])
    expect(op(plain, 'Dummy').inparameters).toEqual([{ name: 'ID', type: 'string' }, { name: 'Name', type: 'string' }])
    const inline = await resolveFixture('xsdinclude/xsd_include_inline_xmlns.wsdl')
    expect(op(inline, 'Dummy').inparameters).toEqual([{ name: 'ID', type: 'string' }, { name: 'Name', type: 'string' }])
  })

  it('a schema that cannot be read leaves its types by name instead of failing, and a warning says which', async () => {
    const r = await resolveFixture('xsdinclude/xsd_include_http.wsdl')
    expect(op(r, 'Dummy').inparameters).toEqual([{ name: 'ID', type: 'IdType' }, { name: 'Name', type: 'NameType' }])
    const { warnings } = await gatherDocuments(`${ORIGIN}xsdinclude/xsd_include_http.wsdl`, fromDisk(), 20)
    expect(warnings).toEqual([{ kind: 'schemaUnavailable', url: 'http://localhost:50000/Platform.asmx?xsd', reason: 'unreachable' }])
  })

  it('says which imported schema answered an HTTP error, without the address\'s credentials', async () => {
    const wsdl = (location: string) =>
      `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:xs="http://www.w3.org/2001/XMLSchema"><types><xs:schema><xs:import schemaLocation="${location}"/></xs:schema></types></definitions>`
    const fetch: FetchText = async (url) => {
      if (url.endsWith('main.wsdl')) return { url, text: wsdl('gone.xsd') }
      throw new WsdlFailure('httpStatus', { url, status: 404 })
    }
    const { warnings } = await gatherDocuments('http://user:secret@fixtures.test/w/main.wsdl', fetch, 20)
    expect(warnings).toEqual([{ kind: 'schemaUnavailable', url: 'http://fixtures.test/w/gone.xsd', reason: 'httpStatus', status: 404 }])
  })
})

/** One binding of `operations` operations, offered on `ports` ports, each request `fields` strings. */
function generated(operations: number, ports: number, fields: number): string {
  const ops = Array.from({ length: operations }, (_, i) => i)
  return `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:g" targetNamespace="urn:g">
<types><xs:schema targetNamespace="urn:g"><xs:complexType name="R"><xs:sequence>${Array.from({ length: fields }, (_, i) => `<xs:element name="f${i}" type="xs:string"/>`).join('')}</xs:sequence></xs:complexType>
${ops.map((i) => `<xs:element name="E${i}" type="tns:R"/>`).join('')}</xs:schema></types>
${ops.map((i) => `<message name="M${i}"><part name="p" element="tns:E${i}"/></message>`).join('')}
<portType name="PT">${ops.map((i) => `<operation name="Op${i}"><input message="tns:M${i}"/></operation>`).join('')}</portType>
<binding name="B" type="tns:PT"><soap:binding style="document"/>${ops.map((i) => `<operation name="Op${i}"><input><soap:body use="literal"/></input></operation>`).join('')}</binding>
<service name="S">${Array.from({ length: ports }, (_, p) => `<port name="P${p}" binding="tns:B"><soap:address location="http://h/${p}"/></port>`).join('')}</service></definitions>`
}

describe('resolveWsdl within its work budget', () => {
  const resolveText = (text: string, budget?: WorkBudget) => resolveWsdl([{ url: `${ORIGIN}g.wsdl`, doc: parseXml(text, `${ORIGIN}g.wsdl`) }], budget)

  it('works out a binding once however many ports offer it: 300 operations × 4,000 ports fit a budget of a few thousand steps', () => {
    const r = resolveText(generated(300, 4000, 2), new WorkBudget(10_000, Number.POSITIVE_INFINITY, 0))
    expect(r.operations).toHaveLength(300)
    expect(r.operations.every((o) => o.portName === 'P0')).toBe(true)
  })

  it('refuses a WSDL whose operations expand past the budget', () => {
    expect(() => resolveText(generated(50, 1, 100), new WorkBudget(2_000, Number.POSITIVE_INFINITY, 0))).toThrow(expect.objectContaining({ reason: 'tooComplex', params: { max: 2_000 } }))
  })

  it('ends as a timeout once the deadline has passed', () => {
    expect(() => resolveText(generated(50, 1, 100), new WorkBudget(1_000_000, Date.now() - 1, 10))).toThrow(expect.objectContaining({ reason: 'timeout', params: { seconds: 10 } }))
  })

  it('refuses particles nested deeper than the stack instead of crashing', () => {
    const depth = 20_000
    const nested = `${'<xs:sequence>'.repeat(depth)}<xs:element name="x" type="xs:string"/>${'</xs:sequence>'.repeat(depth)}`
    const text = generated(1, 1, 0).replace('<xs:sequence></xs:sequence>', `<xs:sequence>${nested}</xs:sequence>`)
    expect(() => resolveText(text)).toThrow(expect.objectContaining({ reason: 'tooComplex' }))
  })
})

const HEADER_WSDL = `<?xml version="1.0"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/"
  xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:orders" targetNamespace="urn:orders">
  <types><xs:schema targetNamespace="urn:orders" elementFormDefault="qualified">
    <xs:element name="AuthHeader"><xs:complexType><xs:sequence>
      <xs:element name="user" type="xs:string"/><xs:element name="token" type="xs:string"/>
    </xs:sequence></xs:complexType></xs:element>
    <xs:complexType name="Base"><xs:sequence><xs:element name="id" type="xs:long"/></xs:sequence></xs:complexType>
    <xs:complexType name="Loop"><xs:complexContent><xs:extension base="tns:Loop2"><xs:sequence><xs:element name="a" type="xs:int"/></xs:sequence></xs:extension></xs:complexContent></xs:complexType>
    <xs:complexType name="Loop2"><xs:complexContent><xs:extension base="tns:Loop"><xs:sequence><xs:element name="b" type="xs:int"/></xs:sequence></xs:extension></xs:complexContent></xs:complexType>
    <xs:group name="Extra"><xs:sequence><xs:element name="note" type="xs:string"/><xs:group ref="tns:Extra"/></xs:sequence></xs:group>
    <xs:element name="PlaceOrder"><xs:complexType><xs:complexContent><xs:extension base="tns:Base"><xs:sequence>
      <xs:element name="amount" type="xs:decimal"/><xs:group ref="tns:Extra"/>
    </xs:sequence></xs:extension></xs:complexContent></xs:complexType></xs:element>
    <xs:element name="Spin" type="tns:Loop"/>
  </xs:schema></types>
  <message name="PlaceOrderIn"><part name="header" element="tns:AuthHeader"/><part name="body" element="tns:PlaceOrder"/></message>
  <message name="SpinIn"><part name="body" element="tns:Spin"/></message>
  <portType name="Orders">
    <operation name="PlaceOrder"><input message="tns:PlaceOrderIn"/></operation>
    <operation name="Spin"><input message="tns:SpinIn"/></operation>
  </portType>
  <binding name="Orders12" type="tns:Orders"><soap12:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="PlaceOrder"><soap12:operation soapAction="urn:place"/>
      <input><soap12:header message="tns:PlaceOrderIn" part="header" use="literal"/><soap12:body use="literal" parts="body"/></input></operation>
    <operation name="Spin"><input><soap12:body use="literal"/></input></operation>
  </binding>
  <service name="OrderService"><port name="Orders12Port" binding="tns:Orders12"><soap12:address location="https://orders.example.com/ws"/></port></service>
</definitions>`

describe('resolveWsdl on edge cases', () => {
  it('SOAP headers: the header element and its children, kept out of the body parameters', async () => {
    const r = await resolveFixture('inline/orders.wsdl', { [`${ORIGIN}inline/orders.wsdl`]: HEADER_WSDL })
    expect(op(r, 'PlaceOrder')).toMatchObject({
      inparameters: [{ name: 'id', type: 'long' }, { name: 'amount', type: 'decimal' }, { name: 'note', type: 'string' }],
      headerMethodName: 'AuthHeader',
      headerParameters: [{ name: 'user', type: 'string' }, { name: 'token', type: 'string' }],
      soapVersion: '1.2',
      soapAction: 'urn:place',
      // The body element a call is built with, its children qualified (elementFormDefault).
      requestElement: 'PlaceOrder',
      qualifiedParameters: true,
    })
  })

  it('circular extensions and self-referencing groups end', async () => {
    const r = await resolveFixture('inline/orders.wsdl', { [`${ORIGIN}inline/orders.wsdl`]: HEADER_WSDL })
    expect(op(r, 'Spin').inparameters.map((p) => p.name).sort()).toEqual(['a', 'b'])
  })

  it('refuses a document that is not a WSDL, and a WSDL without operations', async () => {
    await expect(resolveFixture('wsdlImport/xsd.xsd')).rejects.toMatchObject({ reason: 'notWsdl' })
    await expect(resolveFixture('wsdlImport/sub.wsdl')).rejects.toMatchObject({ reason: 'noOperations' })
  })

  it('follows each address once, even when documents import each other', async () => {
    const a = `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" targetNamespace="urn:a"><import location="b.wsdl" namespace="urn:b"/></definitions>`
    const b = `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" targetNamespace="urn:b"><import location="a.wsdl" namespace="urn:a"/></definitions>`
    const reads: string[] = []
    const fetch: FetchText = async (url) => {
      reads.push(url)
      return fromDisk({ [`${ORIGIN}c/a.wsdl`]: a, [`${ORIGIN}c/b.wsdl`]: b })(url)
    }
    const { documents, warnings } = await gatherDocuments(`${ORIGIN}c/a.wsdl`, fetch, 20)
    expect(warnings).toEqual([])
    expect(documents.map((d) => d.url)).toEqual([`${ORIGIN}c/a.wsdl`, `${ORIGIN}c/b.wsdl`])
    expect(reads).toHaveLength(2)
  })

  it('caps the number of documents', async () => {
    const chain = (i: number) => `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"><import location="d${i + 1}.wsdl"/></definitions>`
    const fetch: FetchText = async (url) => ({ url, text: chain(Number(/d(\d+)\.wsdl$/.exec(url)![1])) })
    await expect(gatherDocuments(`${ORIGIN}d0.wsdl`, fetch, 5)).rejects.toMatchObject({ reason: 'tooManyDocuments', params: { max: 5 } })
  })
})
