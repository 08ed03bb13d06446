import { afterAll, beforeAll, expect, it } from 'vitest'
import { identityProviderTestConnection } from '../../../src/shared/contract/platform/identityProviders'
import { ssoAuthorize, ssoLogin } from '../../../src/shared/contract/platform/sso'
import { startCasServer, type CasServer } from '../../support/casServer'
import { describeEachStore, storeTargets } from '../../support/stores'
import { expectSignedIn, openSsoBench, refusal, type SsoBench } from './support'

const targets = await storeTargets()
const SERVICE = 'http://127.0.0.1:53682/callback'

describeEachStore(targets, 'single sign-on with CAS 3.0 (a serviceValidate stand-in on loopback)', (target) => {
  let bench: SsoBench
  let cas: CasServer
  let providerId: string

  beforeAll(async () => {
    bench = await openSsoBench(target)
    cas = await startCasServer()
    providerId = (await bench.addProvider({ kind: 'cas', name: 'Campus CAS', serverUrl: cas.url, redirectUris: ['http://127.0.0.1/callback'], matchBy: 'employeeNo', claim: 'employeeNumber' })).id
    await bench.addPerson({ username: 'dave', employeeNo: 'E1001' })
    await bench.setParameter('sso', '1')
  })
  afterAll(async () => {
    await cas?.close()
    await bench?.close()
  })
  const casLogin = (input: { ticket: string; service?: string; validateUrl?: string }) => bench.send(ssoLogin, { service: SERVICE, validateUrl: cas.url, ...input }, { token: null })

  it('signs in the user whose attribute the provider maps by, and the ticket is single use', async () => {
    const ticket = cas.issue('dave.cas', SERVICE, { employeeNumber: 'E1001', mail: 'dave@example.com' })
    await expectSignedIn(bench, await casLogin({ ticket, validateUrl: `${cas.url}/p3/serviceValidate` }), 'dave')
    const asked = cas.validations
    expect(refusal(await casLogin({ ticket }))).toEqual({ code: '4010', message: '票据无效' })
    // Refused by the hub's own memory of used tickets, before asking the CAS server again.
    expect(cas.validations).toBe(asked)
    expect(JSON.stringify(await bench.loginLog())).not.toContain(ticket)
  })

  it('answers the service URL with the state for /sso/authorize, and takes that state once', async () => {
    const begun = await bench.send<{ url: string; state: string }>(ssoAuthorize, { providerId, redirectUri: SERVICE }, { token: null })
    const url = new URL(begun.body.data!.url)
    expect(url.origin + url.pathname).toBe(`${cas.url}/login`)
    const service = url.searchParams.get('service')!
    expect(service).toBe(`${SERVICE}?state=${begun.body.data!.state}`)
    await expectSignedIn(bench, await casLogin({ ticket: cas.issue('x', service, { employeeNumber: 'E1001' }), service }), 'dave')
    expect(refusal(await casLogin({ ticket: cas.issue('x', service, { employeeNumber: 'E1001' }), service }))).toEqual({ code: '4010', message: '登录状态无效或已过期，请重新登录' })
  })

  it('answers INVALID_TICKET as "ticket invalid" (unknown ticket, and a ticket for another service)', async () => {
    expect(refusal(await casLogin({ ticket: 'ST-made-up' }))).toEqual({ code: '4010', message: '票据无效' })
    const other = cas.issue('dave.cas', 'http://127.0.0.1:9/callback', { employeeNumber: 'E1001' })
    expect(refusal(await casLogin({ ticket: other }))).toEqual({ code: '4010', message: '票据无效' })
    expect((await bench.loginLog()).at(-1)).toMatchObject({ method: 'cas', outcome: 'refused', reason: expect.stringContaining('INVALID_SERVICE') })
  })

  it('maps a non-200, malformed XML, a DOCTYPE and an empty answer to the spec\'s messages', async () => {
    const cases = [
      [{ status: 503 }, { code: '4050', message: `认证服务器 ${cas.url}/p3/serviceValidate 返回状态码 503，不是 200` }],
      ['malformed', { code: '4050', message: '认证服务器返回的内容无效' }],
      ['doctype', { code: '4050', message: '认证服务器返回的内容无效' }],
      ['empty', { code: '4050', message: '认证服务器没有返回内容' }],
    ] as const
    try {
      for (const [misbehaviour, expected] of cases) {
        cas.answer = misbehaviour
        expect(refusal(await casLogin({ ticket: cas.issue('dave.cas', SERVICE, { employeeNumber: 'E1001' }) })), JSON.stringify(misbehaviour)).toEqual(expected)
      }
    } finally {
      cas.answer = null
    }
    expect(refusal(await bench.send(ssoLogin, { ticket: 'ST-1', service: SERVICE, validateUrl: cas.url }, { token: null, locale: 'en' }))).toEqual({ code: '4010', message: 'The ticket is invalid' })
  })

  it('refuses a validateUrl that is not the configured CAS server, without calling it', async () => {
    const asked = cas.validations
    for (const validateUrl of ['http://169.254.169.254/latest/meta-data', `${cas.url.replace('/cas', '/other')}/p3/serviceValidate`, `${cas.url}/../admin`, 'file:///etc/passwd']) {
      expect(refusal(await casLogin({ ticket: cas.issue('dave.cas', SERVICE), validateUrl })), validateUrl).toEqual({ code: '4031', message: '校验地址不是已配置的 CAS 服务器' })
    }
    expect(cas.validations).toBe(asked)
  })

  it('refuses a service the provider did not register (a ticket meant for another application)', async () => {
    const service = 'https://intranet.example/app'
    expect(refusal(await casLogin({ ticket: cas.issue('dave.cas', service, { employeeNumber: 'E1001' }), service }))).toEqual({ code: '4031', message: '服务地址未在该 CAS 身份提供方登记' })
  })

  it('tests the connection by asking for the CAS login page', async () => {
    expect((await bench.ok<{ detail: string }>(identityProviderTestConnection, { id: providerId })).detail).toBe(`${cas.url}/login → HTTP 200`)
  })
})
