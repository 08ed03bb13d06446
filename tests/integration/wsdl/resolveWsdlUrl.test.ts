import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { producerResolveWsdlUrl, type WsdlResolution } from '../../../src/shared/contract/datahub/wsdl'
import { call, openTestHub, signIn, type TestHub } from '../../support/hub'
import { createSqliteLocation, type StoreLocation } from '../../support/stores'
import { startFixtureServer, type FixtureServer } from './fixtureServer'

/**
 * GET /producer/resolveWsdlUrl through a real hub (SQLite store), against the fixture WSDLs
 * served over HTTP on 127.0.0.1: refused by a default hub, resolved by one whose administrator
 * allows private addresses.
 */
interface Bench {
  hub: TestHub
  token: string
  location: StoreLocation
}

async function bench(allowPrivateWsdl: boolean): Promise<Bench> {
  const location = await createSqliteLocation()
  const hub = await openTestHub(location, { allowPrivateWsdl })
  return { hub, token: await signIn(hub.app), location }
}

let server: FixtureServer
let strict: Bench
let open: Bench

beforeAll(async () => {
  server = await startFixtureServer('127.0.0.1', {
    '/xxe.wsdl': (_req, res) =>
      res.end(`<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e SYSTEM "${server.origin}secret">]><definitions xmlns="http://schemas.xmlsoap.org/wsdl/">&e;</definitions>`),
    '/missing-import.wsdl': (_req, res) =>
      res.end(
        `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:m" targetNamespace="urn:m">` +
          `<types><xs:schema targetNamespace="urn:m"><xs:import namespace="urn:t" schemaLocation="gone/types.xsd"/><xs:element name="Ping"><xs:complexType><xs:sequence><xs:element name="id" type="t:Id" xmlns:t="urn:t"/></xs:sequence></xs:complexType></xs:element></xs:schema></types>` +
          `<message name="PingIn"><part name="body" element="tns:Ping"/></message><portType name="PT"><operation name="Ping"><input message="tns:PingIn"/></operation></portType>` +
          `<binding name="B" type="tns:PT"><soap:binding style="document"/><operation name="Ping"><input><soap:body use="literal"/></input></operation></binding>` +
          `<service name="S"><port name="P" binding="tns:B"><soap:address location="http://127.0.0.1:9/ping"/></port></service></definitions>`,
      ),
    '/big.wsdl': (_req, res) => res.end(`<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"><documentation>${'x'.repeat(6 * 1024 * 1024)}</documentation></definitions>`),
  })
  strict = await bench(false)
  open = await bench(true)
})
afterAll(async () => {
  for (const b of [strict, open]) {
    await b?.hub.close()
    await b?.location.cleanup()
  }
  await server?.close()
})

const resolve = (b: Bench, wsdlUrl: string | undefined, locale = 'zh-CN') =>
  call<WsdlResolution>(b.hub.app, producerResolveWsdlUrl, wsdlUrl === undefined ? {} : { wsdlUrl }, { token: b.token, locale })

describe('GET /producer/resolveWsdlUrl', () => {
  it("answers the spec's message for an empty address, in both languages", async () => {
    for (const wsdlUrl of [undefined, '', '   ']) {
      const answer = await resolve(strict, wsdlUrl)
      expect(answer.body).toMatchObject({ code: '4001', message: 'WSDL地址不能为空' })
    }
    expect((await resolve(strict, '', 'en')).body.message).toBe('The WSDL address cannot be empty')
  })

  it('refuses an address that is not http(s), on the field', async () => {
    const answer = await resolve(strict, 'file:///etc/passwd')
    expect(answer.body.code).toBe('4001')
    expect(answer.body.data).toMatchObject({ fields: [{ path: 'wsdlUrl', key: 'msg_wsdl_url_invalid' }] })
  })

  it('refuses the fixture server on 127.0.0.1 on a default hub, without contacting it', async () => {
    const before = server.hits.length
    const answer = await resolve(strict, `${server.origin}stockquote.wsdl`)
    expect(answer.status).toBe(200)
    expect(answer.body.code).toBe('4031')
    expect(answer.body.message).toContain('出于安全原因，不允许从内网、本机或保留地址加载 WSDL')
    expect(answer.body.message).toContain(`${server.origin}stockquote.wsdl`)
    expect(server.hits.length).toBe(before)
  })

  it("resolves on a hub that allows private addresses, with the spec's fields and '解析成功'", async () => {
    const answer = await resolve(open, `${server.origin}complex/registration.wsdl`)
    expect(answer.body.code, answer.body.message).toBe('2000')
    expect(answer.body.message).toBe('解析成功')
    const data = answer.body.data!
    expect(data).toMatchObject({ targetNamespace: 'http://test-soap.com/api/registration', portName: 'registrationCommonHttpSoapPort' })
    expect(data.operations).toHaveLength(1)
    expect(data.operations[0]).toMatchObject({ targetMethodName: 'registerUser', headerParameters: [] })
    expect(data.operations[0]!.inparameters.slice(0, 2)).toEqual([{ name: 'id', type: 'string' }, { name: 'lastName', type: 'string' }])
  })

  it('resolves a WSDL whose imported schema is missing, and says which schema could not be loaded', async () => {
    const answer = await resolve(open, `${server.origin}missing-import.wsdl`)
    expect(answer.body.code, answer.body.message).toBe('2000')
    expect(answer.body.data!.operations[0]).toMatchObject({ targetMethodName: 'Ping', inparameters: [{ name: 'id', type: 'Id' }] })
    expect(answer.body.data!.warnings).toEqual([{ kind: 'schemaUnavailable', url: `${server.origin}gone/types.xsd`, reason: 'httpStatus', status: 404 }])
    // A WSDL whose schemas all load carries no warning.
    expect((await resolve(open, `${server.origin}stockquote.wsdl`)).body.data!.warnings).toEqual([])
  })

  it('refuses a DOCTYPE (XXE) without fetching the entity', async () => {
    const answer = await resolve(open, `${server.origin}xxe.wsdl`)
    expect(answer.body).toMatchObject({ code: '4031' })
    expect(answer.body.message).toContain('DOCTYPE')
    expect(server.hits).not.toContain('/secret')
  })

  it('refuses an oversized document', async () => {
    const answer = await resolve(open, `${server.origin}big.wsdl`, 'en')
    expect(answer.body).toMatchObject({ code: '4130', message: 'The WSDL documents exceed 5 MB in total and were refused' })
  })

  it('says what went wrong with an address that answers, but not a WSDL', async () => {
    expect((await resolve(open, `${server.origin}missing.wsdl`)).body).toMatchObject({ code: '4040', message: `WSDL 地址返回 HTTP 404：${server.origin}missing.wsdl` })
    expect((await resolve(open, `${server.origin}wsdlImport/xsd.xsd`)).body).toMatchObject({ code: '4090' })
  })

  it('needs a session', async () => {
    const answer = await call(strict.hub.app, producerResolveWsdlUrl, { wsdlUrl: `${server.origin}stockquote.wsdl` }, { token: null })
    expect(answer.body.code).toBe('4030')
  })
})
