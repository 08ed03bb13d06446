import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_API_WS } from '../../src/shared/contract/datahub/serverApiWs'
import { login, me } from '../../src/shared/contract/platform/session'
import { fileGet, fileUpload } from '../../src/shared/contract/platform/userCentre/files'
import { resolvePath } from '../../src/shared/endpoint'
import { postFile, openTestHub, signIn, type TestHub } from '../support/hub'
import { createSqliteLocation, type StoreLocation } from '../support/stores'
import { pngOf } from '../integration/userCentre/support'

/**
 * Adversarial probe (issue 21), HTTP findings: answers carried no nosniff nor frame options,
 * and requests Node's parser refuses (a 1 MB query string) answered Fastify's own JSON instead
 * of the envelope. Over a real socket: app.inject does not go through Node's HTTP parser.
 */
interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

let location: StoreLocation
let hub: TestHub
let port: number

beforeAll(async () => {
  location = await createSqliteLocation()
  hub = await openTestHub(location)
  await hub.app.listen({ host: '127.0.0.1', port: 0 })
  port = (hub.app.server.address() as { port: number }).port
})
afterAll(async () => {
  await hub?.close()
  await location?.cleanup()
})

function get(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Sends bytes as they are (no client would build such a request) and reads until the hub closes. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.on('error', reject)
    socket.end(bytes)
  })
}

const expectHardened = (headers: IncomingHttpHeaders) => {
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['content-security-policy']).toBe("frame-ancestors 'none'")
}

describe('requests the HTTP parser refuses', () => {
  it('answers a 1 MB query string with the envelope, not Fastify’s 431 body', async () => {
    const answer = await get(`${resolvePath(login, {}).path}?q=${'a'.repeat(1024 * 1024)}`)
    expect(answer.status).toBe(431)
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(answer.body)).toEqual({ code: '4130', message: '请求内容过大', data: null })
    expectHardened(answer.headers)
  })

  it('answers a malformed header line with the envelope', async () => {
    const text = await raw(`GET ${resolvePath(me, {}).path} HTTP/1.1\r\nHost: hub\r\nThis is no header\r\n\r\n`)
    const [head, body] = text.split('\r\n\r\n') as [string, string]
    expect(head).toMatch(/^HTTP\/1\.1 400 /)
    expect(head).toMatch(/\r\nx-content-type-options: nosniff\r\n/i)
    expect(JSON.parse(body)).toMatchObject({ code: '4001', message: '提交的数据不符合要求' })
  })

  it('answers a path with broken percent-encoding with the envelope', async () => {
    const answer = await get(`${resolvePath(me, {}).path}%E0%A4%A`)
    expect(JSON.parse(answer.body)).toMatchObject({ code: '4040' })
    expect(answer.status).toBeLessThan(500)
    expectHardened(answer.headers)
  })

  it('keeps the hub answering afterwards', async () => {
    const answer = await get(resolvePath(login, {}).path, { 'content-type': 'application/json' }, 'POST', JSON.stringify({ username: 'admin', password: 'Adm1n!pass' }))
    expect(JSON.parse(answer.body)).toMatchObject({ code: '2000' })
  })
})

describe('security headers on every answer', () => {
  it('on envelopes: a success, a refusal, an unknown path, an unreadable body', async () => {
    const answers = [
      await get(resolvePath(login, {}).path, { 'content-type': 'application/json' }, 'POST', JSON.stringify({ username: 'admin', password: 'Adm1n!pass' })),
      await get(resolvePath(me, {}).path),
      await get('/no/such/call'),
      await get(resolvePath(login, {}).path, { 'content-type': 'application/json' }, 'POST', '{not json'),
      await get(resolvePath(login, {}).path, { 'content-type': 'text/csv' }, 'POST', 'a,b'),
    ]
    expect(answers.map((a) => (JSON.parse(a.body) as { code: string }).code)).toEqual(['2000', '4030', '4040', '4001', '4001'])
    for (const a of answers) expectHardened(a.headers)
  })

  it('on a file download, which keeps its content type and bytes', async () => {
    const token = await signIn(hub.app)
    const png = pngOf(300)
    const uploaded = await postFile<{ id: string }>(hub.app, fileUpload, { name: 'logo.png', bytes: png }, { token })
    const url = `${resolvePath(fileGet, {}).path}?token=${token}&id=${uploaded.body.data!.id}`
    const answer = await new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: url }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }))
      })
        .on('error', reject)
        .end()
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('image/png')
    expect(answer.bytes.equals(Buffer.from(png))).toBe(true)
    expectHardened(answer.headers)
  })

  it('on the WSDL and on a SOAP Fault', async () => {
    const wsdl = await get(`${SERVER_API_WS.path}?wsdl`)
    expect(wsdl.status).toBe(200)
    expect(wsdl.headers['content-type']).toMatch(/^text\/xml/)
    expect(wsdl.body).toContain('definitions')
    expectHardened(wsdl.headers)

    const fault = await get(SERVER_API_WS.path, { 'content-type': 'text/xml' }, 'POST', '<not-soap/>')
    expect(fault.body).toContain('Fault')
    expectHardened(fault.headers)
  })
})
