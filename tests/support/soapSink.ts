import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DOMParser, type Element } from '@xmldom/xmldom'

/**
 * A SOAP service on loopback for tests: it publishes an order service's WSDL (SOAP 1.1 at
 * /orders11, SOAP 1.2 at /orders12, `?wsdl` for the document) and checks every envelope it gets
 * the way a strict toolkit would: the content type and action of the version, a well-formed
 * envelope in that version's namespace, a body element of the service namespace naming a known
 * operation. A request that fails a check is answered with a Client Fault and kept in `refused`.
 */
export const ORDERS_NS = 'urn:datahub:test:orders'
export const SOAP_NS = { '1.1': 'http://schemas.xmlsoap.org/soap/envelope/', '1.2': 'http://www.w3.org/2003/05/soap-envelope' } as const
type Version = keyof typeof SOAP_NS

/** Operations of the service: name → parameter names (document/literal wrapped, qualified). */
const OPERATIONS: Record<string, string[]> = {
  ReceiveOrder: ['orderId', 'amount', 'customer', 'tags'],
  ReportResult: ['messageId', 'topicCode', 'status'],
}

function wsdl(version: Version, address: string): string {
  const soap = version === '1.1' ? 'http://schemas.xmlsoap.org/wsdl/soap/' : 'http://schemas.xmlsoap.org/wsdl/soap12/'
  const operations = Object.keys(OPERATIONS)
  return `<?xml version="1.0" encoding="utf-8"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="${soap}" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:tns="${ORDERS_NS}" targetNamespace="${ORDERS_NS}">
  <types><xs:schema targetNamespace="${ORDERS_NS}" elementFormDefault="qualified">
    <xs:element name="AuthHeader"><xs:complexType><xs:sequence>
      <xs:element name="user" type="xs:string"/><xs:element name="token" type="xs:string"/>
    </xs:sequence></xs:complexType></xs:element>
    <xs:complexType name="Customer"><xs:sequence><xs:element name="name" type="xs:string"/><xs:element name="city" type="xs:string"/></xs:sequence></xs:complexType>
    <xs:element name="OrderRequest"><xs:complexType><xs:sequence>
      <xs:element name="orderId" type="xs:string"/><xs:element name="amount" type="xs:decimal"/>
      <xs:element name="customer" type="tns:Customer" minOccurs="0"/><xs:element name="tags" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
    </xs:sequence></xs:complexType></xs:element>
    <xs:element name="ResultReport"><xs:complexType><xs:sequence>
      <xs:element name="messageId" type="xs:string"/><xs:element name="topicCode" type="xs:string"/><xs:element name="status" type="xs:string"/>
    </xs:sequence></xs:complexType></xs:element>
    <xs:element name="Ack" type="xs:string"/>
  </xs:schema></types>
  <message name="ReceiveOrderIn"><part name="auth" element="tns:AuthHeader"/><part name="body" element="tns:OrderRequest"/></message>
  <message name="ReportResultIn"><part name="body" element="tns:ResultReport"/></message>
  <message name="AckOut"><part name="body" element="tns:Ack"/></message>
  <portType name="Orders">
    <operation name="ReceiveOrder"><input message="tns:ReceiveOrderIn"/><output message="tns:AckOut"/></operation>
    <operation name="ReportResult"><input message="tns:ReportResultIn"/><output message="tns:AckOut"/></operation>
  </portType>
  <binding name="OrdersBinding" type="tns:Orders"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    ${operations
      .map(
        (op) => `<operation name="${op}"><soap:operation soapAction="urn:${op}"/>
      <input>${op === 'ReceiveOrder' ? '<soap:header message="tns:ReceiveOrderIn" part="auth" use="literal"/><soap:body use="literal" parts="body"/>' : '<soap:body use="literal"/>'}</input>
      <output><soap:body use="literal"/></output></operation>`,
      )
      .join('\n    ')}
  </binding>
  <service name="OrderService"><port name="OrdersPort" binding="tns:OrdersBinding"><soap:address location="${address}"/></port></service>
</definitions>`
}

/** The element a request element of the service stands for. */
const BODY_ELEMENTS: Record<string, string> = { OrderRequest: 'ReceiveOrder', ResultReport: 'ReportResult' }

/** One call the service accepted. */
export interface SoapRequest {
  version: Version
  headers: IncomingHttpHeaders
  body: string
  /** The operation the body element stands for. */
  operation: string
  /** The body element, parsed. */
  request: Element
  /** Children of the SOAP header element, by local name ({} without a header). */
  header: Record<string, string>
}

/** 'ok' answers an Ack; `body` is the content of the answer's soap:Body (a service's data). */
export type SoapAnswer = 'ok' | { fault: string } | { status: number } | { body: string }

export interface SoapSink {
  origin: string
  wsdlUrl(version: Version): string
  accepted: SoapRequest[]
  /** Requests answered with a Client Fault, with why. */
  refused: string[]
  /** How the service answers the n-th (1-based) accepted call of an operation; 'ok' unless told. */
  answer(operation: string, how: (count: number) => SoapAnswer): void
  close(): Promise<void>
}

/** Element children of `el`. */
export const children = (el: Element | null | undefined): Element[] => {
  const out: Element[] = []
  for (let n = el?.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element)
  return out
}

function envelope(version: Version, content: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${SOAP_NS[version]}"><s:Body>${content}</s:Body></s:Envelope>`
}

function faultOf(version: Version, code: string, reason: string): string {
  return version === '1.1'
    ? envelope(version, `<s:Fault><faultcode>s:${code}</faultcode><faultstring>${reason}</faultstring></s:Fault>`)
    : envelope(version, `<s:Fault><s:Code><s:Value>s:${code === 'Client' ? 'Sender' : 'Receiver'}</s:Value></s:Code><s:Reason><s:Text xml:lang="en">${reason}</s:Text></s:Reason></s:Fault>`)
}

/** Checks a request as a strict service would; the reason it is refused, or the parsed call. */
function check(version: Version, headers: IncomingHttpHeaders, body: string): string | Omit<SoapRequest, 'headers' | 'body'> {
  const type = String(headers['content-type'] ?? '')
  let action: string
  if (version === '1.1') {
    if (!type.startsWith('text/xml')) return `SOAP 1.1 wants text/xml, got ${type}`
    action = String(headers.soapaction ?? '').replace(/^"|"$/g, '')
  } else {
    if (!type.startsWith('application/soap+xml')) return `SOAP 1.2 wants application/soap+xml, got ${type}`
    action = /action="([^"]*)"/.exec(type)?.[1] ?? ''
  }
  const problems: string[] = []
  const doc = new DOMParser({ onError: (_level, message) => void problems.push(message) }).parseFromString(body, 'text/xml')
  const root = doc.documentElement
  if (problems.length > 0 || !root) return `not well-formed: ${problems[0] ?? 'no root'}`
  if (root.localName !== 'Envelope' || root.namespaceURI !== SOAP_NS[version]) return `not a SOAP ${version} envelope: ${root.namespaceURI ?? ''} ${root.localName}`
  const parts = children(root)
  const bodyEl = parts.find((c) => c.localName === 'Body' && c.namespaceURI === SOAP_NS[version])
  const request = bodyEl ? children(bodyEl)[0] : undefined
  if (!request || request.namespaceURI !== ORDERS_NS || !BODY_ELEMENTS[request.localName ?? '']) return `unknown body element ${request?.namespaceURI ?? ''} ${request?.localName ?? '(none)'}`
  const operation = BODY_ELEMENTS[request.localName!]!
  if (action !== `urn:${operation}`) return `action '${action}' does not match ${operation}`
  for (const c of children(request)) if (c.namespaceURI !== ORDERS_NS || !OPERATIONS[operation]!.includes(c.localName ?? '')) return `unexpected parameter ${c.namespaceURI ?? ''} ${c.localName}`
  const headerEl = parts.find((c) => c.localName === 'Header')
  const auth = headerEl ? children(headerEl).find((c) => c.localName === 'AuthHeader' && c.namespaceURI === ORDERS_NS) : undefined
  const header = Object.fromEntries((auth ? children(auth) : []).map((c) => [c.localName ?? '', c.textContent ?? '']))
  return { version, operation, request, header }
}

export async function startSoapSink(): Promise<SoapSink> {
  const accepted: SoapRequest[] = []
  const refused: string[] = []
  const behaviours = new Map<string, (count: number) => SoapAnswer>()
  let origin = ''
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink')
    const version: Version | null = url.pathname === '/orders11' ? '1.1' : url.pathname === '/orders12' ? '1.2' : null
    if (!version) return void res.writeHead(404).end()
    if (req.method === 'GET' && url.search === '?wsdl') return void res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(wsdl(version, `${origin}${url.pathname}`))
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const contentType = version === '1.1' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8'
      const checked = check(version, req.headers, body)
      if (typeof checked === 'string') {
        refused.push(checked)
        return void res.writeHead(500, { 'content-type': contentType }).end(faultOf(version, 'Client', checked))
      }
      accepted.push({ ...checked, headers: req.headers, body })
      const how = behaviours.get(checked.operation)?.(accepted.filter((a) => a.operation === checked.operation).length) ?? 'ok'
      if (how === 'ok') return void res.writeHead(200, { 'content-type': contentType }).end(envelope(version, `<Ack xmlns="${ORDERS_NS}">ok</Ack>`))
      if ('body' in how) return void res.writeHead(200, { 'content-type': contentType }).end(envelope(version, how.body))
      if ('fault' in how) return void res.writeHead(500, { 'content-type': contentType }).end(faultOf(version, 'Server', how.fault))
      res.writeHead(how.status, { 'content-type': 'text/plain' }).end(`service says no (${how.status})`)
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    wsdlUrl: (version) => `${origin}/orders${version === '1.1' ? '11' : '12'}?wsdl`,
    accepted,
    refused,
    answer: (operation, how) => void behaviours.set(operation, how),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

/** Settings that call the service's ReceiveOrder as the editors save them after a resolve (parameters aside). */
export const receiveOrderSettings = (wsdlUrl: string) => ({
  wsdlUrl,
  methodName: 'ReceiveOrder',
  namespace: ORDERS_NS,
  serviceAddress: wsdlUrl.replace('?wsdl', ''),
  portName: 'OrdersPort',
  headerMethodName: 'AuthHeader',
  headerParameters: [
    { name: 'user', value: 'hub' },
    { name: 'token', value: 't0ken' },
  ],
})

/** Text of the request's child elements by local name (repeated ones joined with ','; nested ones as their text). */
export function valuesOf(request: Element): Record<string, string> {
  const out: Record<string, string> = {}
  for (const c of children(request)) {
    const name = c.localName ?? ''
    out[name] = name in out ? `${out[name]},${c.textContent ?? ''}` : (c.textContent ?? '')
  }
  return out
}
