import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWsdl } from '../../../src/hub/datahub/wsdl/load'
import { redirectTo, startFixtureServer, type FixtureServer } from './fixtureServer'

/**
 * The network side of WSDL resolve against real HTTP servers on loopback. 127.0.0.2 stands in
 * for a public host (passed as trusted), so the SSRF rule can be seen refusing 127.0.0.1.
 */
const PUBLIC_STAND_IN = '127.0.0.2'
const SIX_MB = 6 * 1024 * 1024

let local: FixtureServer
let outside: FixtureServer

beforeAll(async () => {
  local = await startFixtureServer('127.0.0.1', {
    '/xxe.wsdl': (_req, res) =>
      res.end(`<?xml version="1.0"?><!DOCTYPE definitions [<!ENTITY leak SYSTEM "${local.origin}secret.txt">]>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"><documentation>&leak;</documentation></definitions>`),
    '/big.wsdl': (_req, res) => {
      // Chunked, without Content-Length: the limit must hold while reading.
      res.writeHead(200, { 'content-type': 'text/xml' })
      res.write('<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"><documentation>')
      const block = 'x'.repeat(64 * 1024)
      let sent = 0
      const pump = () => {
        while (sent < SIX_MB) {
          sent += block.length
          if (!res.write(block)) return void res.once('drain', pump)
        }
        res.end('</documentation></definitions>')
      }
      pump()
    },
    '/slow.wsdl': (_req, res) => void setTimeout(() => res.end('<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"/>'), 3000),
    '/loop.wsdl': redirectTo('/loop.wsdl'),
    '/imports-private.wsdl': (_req, res) =>
      res.end(`<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"><import location="http://127.0.0.1:1/inner.wsdl"/></definitions>`),
  })
  outside = await startFixtureServer(PUBLIC_STAND_IN, {
    '/to-private.wsdl': redirectTo(`${local.origin}stockquote.wsdl`),
    '/to-outside.wsdl': redirectTo('/stockquote.wsdl'),
    '/to-file.wsdl': redirectTo('file:///etc/passwd'),
  })
})
afterAll(async () => {
  await local?.close()
  await outside?.close()
})

const trusted = { allowPrivate: false, trustedAddresses: [PUBLIC_STAND_IN] }

describe('loadWsdl over HTTP', () => {
  it('refuses loopback by default, before any request is made', async () => {
    const before = local.hits.length
    await expect(loadWsdl(`${local.origin}stockquote.wsdl`, { allowPrivate: false })).rejects.toMatchObject({ reason: 'addressRefused' })
    await expect(loadWsdl(`http://localhost:${new URL(local.origin).port}/stockquote.wsdl`, { allowPrivate: false })).rejects.toMatchObject({ reason: 'addressRefused' })
    expect(local.hits.length).toBe(before)
    for (const sneaky of ['http://[::1]/x.wsdl', 'http://0x7f000001/x.wsdl', 'http://[::ffff:127.0.0.1]/x.wsdl', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/x.wsdl']) {
      await expect(loadWsdl(sneaky, { allowPrivate: false })).rejects.toMatchObject({ reason: 'addressRefused' })
    }
  })

  it('loads from a private address when the hub allows it, with relative imports', async () => {
    const r = await loadWsdl(`${local.origin}wsdlImport/main.wsdl`, { allowPrivate: true })
    expect(r.operations.map((o) => o.targetMethodName)).toEqual(['getLatestVersion'])
    expect(local.hits).toEqual(expect.arrayContaining(['/wsdlImport/main.wsdl', '/wsdlImport/sub.wsdl', '/wsdlImport/xsd.xsd']))
  })

  it('follows redirects that stay on allowed hosts, and checks every hop', async () => {
    const r = await loadWsdl(`${outside.origin}to-outside.wsdl`, trusted)
    expect(r.portName).toBe('StockQuotePort')
    const before = local.hits.length
    await expect(loadWsdl(`${outside.origin}to-private.wsdl`, trusted)).rejects.toMatchObject({ reason: 'addressRefused', params: { url: `${local.origin}stockquote.wsdl` } })
    expect(local.hits.length).toBe(before)
    await expect(loadWsdl(`${outside.origin}to-file.wsdl`, trusted)).rejects.toMatchObject({ reason: 'urlInvalid' })
    await expect(loadWsdl(`${local.origin}loop.wsdl`, { allowPrivate: true })).rejects.toMatchObject({ reason: 'tooManyRedirects' })
  })

  it('refuses an import of a private address like the WSDL itself', async () => {
    const viaOutside = await startFixtureServer(PUBLIC_STAND_IN, {
      '/w.wsdl': (_req, res) => res.end(`<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"><import location="${local.origin}stockquote.wsdl"/></definitions>`),
    })
    try {
      await expect(loadWsdl(`${viaOutside.origin}w.wsdl`, trusted)).rejects.toMatchObject({ reason: 'addressRefused' })
    } finally {
      await viaOutside.close()
    }
  })

  it('refuses a DOCTYPE without fetching its external entity', async () => {
    await expect(loadWsdl(`${local.origin}xxe.wsdl`, { allowPrivate: true })).rejects.toMatchObject({ reason: 'doctype' })
    expect(local.hits).not.toContain('/secret.txt')
  })

  it('stops reading past the size limit', async () => {
    await expect(loadWsdl(`${local.origin}big.wsdl`, { allowPrivate: true })).rejects.toMatchObject({ reason: 'tooLarge', params: { maxMb: 5 } })
  })

  it('stops at the time limit', async () => {
    // The server answers after 3 s: 'timeout' shows the loader gave up at its limit first. No
    // stopwatch beside it, which a busy machine would fail.
    await expect(loadWsdl(`${local.origin}slow.wsdl`, { allowPrivate: true, limits: { timeMs: 500 } })).rejects.toMatchObject({ reason: 'timeout', params: { seconds: 0.5 } })
  })

  it('tells an unreachable address, a 404 and a non-URL apart', async () => {
    await expect(loadWsdl('http://127.0.0.1:1/x.wsdl', { allowPrivate: true })).rejects.toMatchObject({ reason: 'unreachable' })
    await expect(loadWsdl(`${local.origin}missing.wsdl`, { allowPrivate: true })).rejects.toMatchObject({ reason: 'httpStatus', params: { status: 404 } })
    await expect(loadWsdl('ftp://example.com/x.wsdl', { allowPrivate: true })).rejects.toMatchObject({ reason: 'urlInvalid' })
    await expect(loadWsdl('not a url', { allowPrivate: true })).rejects.toMatchObject({ reason: 'urlInvalid' })
  })
})
