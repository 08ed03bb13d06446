import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { producerResolveWsdlUrl, type WsdlResolution } from '../../src/shared/contract/datahub/wsdl'
import { slowestAnswerDuring, stallBudget } from '../support/eventLoop'
import { call, openTestHub, signIn, type TestHub } from '../support/hub'
import { createSqliteLocation, type StoreLocation } from '../support/stores'
import { startFixtureServer, type FixtureServer } from '../integration/wsdl/fixtureServer'

/**
 * Finding #4 of the adversarial probe (issue 21): one 436 KB WSDL, 300 operations on one binding
 * offered through 4,000 ports, held the hub's event loop ~50 s while it was resolved (the 10 s
 * budget only covered fetching). The hub must go on answering while it resolves, and the resolve
 * must answer: the operations, or a refusal with a code when the WSDL asks for too much work.
 */

const TNS = 'urn:probe'

/** A document/literal WSDL: `operations` operations on one binding, `ports` ports using it. */
function wsdlOf(operations: number, ports: number, fieldsPerRequest: number): string {
  const fields = Array.from({ length: fieldsPerRequest }, (_, i) => `<xsd:element name="f${i}" type="xsd:string"/>`).join('')
  const ops = Array.from({ length: operations }, (_, i) => i)
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
  xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="${TNS}" targetNamespace="${TNS}">
<types><xsd:schema targetNamespace="${TNS}" elementFormDefault="qualified">
<xsd:complexType name="Request"><xsd:sequence>${fields}</xsd:sequence></xsd:complexType>
${ops.map((i) => `<xsd:element name="Op${i}Request" type="tns:Request"/>`).join('\n')}
</xsd:schema></types>
${ops.map((i) => `<message name="Op${i}In"><part name="body" element="tns:Op${i}Request"/></message>`).join('\n')}
<portType name="ProbePortType">
${ops.map((i) => `<operation name="Op${i}"><input message="tns:Op${i}In"/></operation>`).join('\n')}
</portType>
<binding name="ProbeBinding" type="tns:ProbePortType"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
${ops.map((i) => `<operation name="Op${i}"><soap:operation soapAction="urn:Op${i}"/><input><soap:body use="literal"/></input></operation>`).join('\n')}
</binding>
<service name="ProbeService">
${Array.from({ length: ports }, (_, p) => `<port name="Port${p}" binding="tns:ProbeBinding"><soap:address location="http://127.0.0.1:9/s${p}"/></port>`).join('\n')}
</service>
</definitions>`
}

/** The probe's document: ~436 KB. */
const MANY_PORTS = wsdlOf(300, 4000, 3)
/** Every operation's request expands to 4,000 parameters: 4 million to list, far past any real WSDL. */
const HUGE_EXPANSION = wsdlOf(1000, 1, 4000)

let server: FixtureServer
let location: StoreLocation
let hub: TestHub
let token: string

beforeAll(async () => {
  server = await startFixtureServer('127.0.0.1', {
    '/ports.wsdl': (_req, res) => res.writeHead(200, { 'content-type': 'text/xml' }).end(MANY_PORTS),
    '/expansion.wsdl': (_req, res) => res.writeHead(200, { 'content-type': 'text/xml' }).end(HUGE_EXPANSION),
  })
  location = await createSqliteLocation()
  // The fixture server is on loopback: this hub's administrator allows private addresses.
  hub = await openTestHub(location, { allowPrivateWsdl: true })
  token = await signIn(hub.app)
})
afterAll(async () => {
  await hub?.close()
  await location?.cleanup()
  await server?.close()
})

const resolve = (path: string, locale = 'zh-CN') => call<WsdlResolution>(hub.app, producerResolveWsdlUrl, { wsdlUrl: `${server.origin}${path}` }, { token, locale })
const health = () => hub.app.inject({ method: 'GET', url: '/api/health' })

describe('WSDL resolve within the hub\'s limits (issue 21, finding #4)', () => {
  it('resolves 300 operations offered on 4,000 ports while the hub keeps answering', async () => {
    expect(MANY_PORTS.length).toBeGreaterThan(400 * 1024)
    const budget = await stallBudget(health)
    const resolving = resolve('ports.wsdl')
    const meanwhile = await slowestAnswerDuring(resolving, health)
    const answer = await resolving
    expect(answer.body.code, answer.body.message).toBe('2000')
    const operations = answer.body.data!.operations
    // Each operation once, with the first port that offers it.
    expect(operations).toHaveLength(300)
    expect(operations[299]).toMatchObject({ targetMethodName: 'Op299', portName: 'Port0', inparameters: [{ name: 'f0', type: 'string' }, { name: 'f1', type: 'string' }, { name: 'f2', type: 'string' }] })
    expect(meanwhile.answers).toBeGreaterThan(0)
    expect(meanwhile.slowestMs).toBeLessThan(budget)
  })

  it('refuses a WSDL whose operations expand past the work budget, with a code and a message, and the hub keeps answering', async () => {
    const budget = await stallBudget(health)
    const resolving = resolve('expansion.wsdl')
    const meanwhile = await slowestAnswerDuring(resolving, health)
    const answer = await resolving
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ code: '4130', message: 'WSDL 过于复杂，超出了数据中心解析的工作量上限，已拒绝' })
    expect(meanwhile.slowestMs).toBeLessThan(budget)
    expect((await resolve('expansion.wsdl', 'en')).body).toMatchObject({ code: '4130', message: 'The WSDL is too complex to resolve within the hub\'s limits and was refused' })
    // Still serving: an ordinary resolve right after.
    expect((await resolve('stockquote.wsdl')).body.code).toBe('2000')
  })
})
