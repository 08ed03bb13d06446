import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import * as soap from 'soap'
import { singleDocument, wcfDocuments, xsd0, xsd1, xsd2 } from './wcfShop'

/**
 * The WCF-style shop service of wcfShop.ts run by node-soap (the npm `soap` package: a SOAP
 * server nobody here wrote) on loopback. node-soap serves the operations at /Shop.svc; the WSDL
 * the hub loads is the WCF split one (`/wsdl/Shop.svc?wsdl` and the documents it imports), for
 * the same service. Every request node-soap received is kept, as the XML it got and the
 * arguments it read from it.
 */
export interface ShopCall {
  operation: string
  /** What node-soap's deserializer made of the request. */
  args: Record<string, unknown>
  /** The request as it arrived. */
  xml: string
}

export interface ShopPeer {
  wsdlUrl: string
  address: string
  calls: ShopCall[]
  /** What ListOrders answers (its ListOrdersResult). */
  orders: Record<string, unknown>[]
  close(): Promise<void>
}

export async function startShopPeer(): Promise<ShopPeer> {
  const calls: ShopCall[] = []
  const raw: string[] = []
  let documents: Record<string, string> = {}
  const server = createServer((req, res) => {
    const text = documents[`http://${req.headers.host}${req.url}`]
    if (req.method === 'GET' && text !== undefined) return void res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(text)
    res.writeHead(404).end()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const address = `${origin}/Shop.svc`
  documents = wcfDocuments(`${origin}/wsdl/Shop.svc`, address)
  const peer: ShopPeer = { wsdlUrl: `${origin}/wsdl/Shop.svc?wsdl`, address, calls, orders: [], close: async () => {} }
  const record = (operation: string) => (args: Record<string, unknown>) => {
    calls.push({ operation, args, xml: raw.at(-1) ?? '' })
    if (operation === 'Place') return { PlaceResult: 'placed' }
    if (operation === 'Register') return { RegisterResult: 7 }
    return { ListOrdersResult: { order: peer.orders } }
  }
  const port = { Place: record('Place'), Register: record('Register'), ListOrders: record('ListOrders') }
  await new Promise<void>((ready, failed) => {
    const listening = soap.listen(server, {
      path: '/Shop.svc',
      services: { ShopService: { BasicHttpBinding_IShop: port } },
      xml: singleDocument(address),
      callback: (err: unknown) => (err ? failed(err as Error) : ready()),
    })
    listening.log = (type: string, data: unknown) => {
      if (type === 'received') raw.push(String(data))
    }
  })
  peer.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections()
      server.close(() => done())
    })
  return peer
}

/** The first element child of soap:Body in an envelope's text, as its own document (the namespaces it uses declared on it). */
export function bodyElementOf(envelope: string): string {
  const body = /<(?:[\w.-]+:)?Body\b[^>]*>([\s\S]*)<\/(?:[\w.-]+:)?Body>/.exec(envelope)?.[1]
  if (body === undefined) throw new Error(`no SOAP body in ${envelope.slice(0, 200)}`)
  return body
}

const run = promisify(execFile)

/**
 * Validates XML against the shop's schemas with xmllint (libxml2-utils), the schemas on disk
 * importing each other by file. Answers xmllint's verdict: ok and what it printed.
 */
export async function validateAgainstShop(xml: string): Promise<{ ok: boolean; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-xsd-'))
  try {
    const at = { xsd0: 'xsd0.xsd', xsd1: 'xsd1.xsd', xsd2: 'xsd2.xsd' }
    await writeFile(join(dir, 'xsd0.xsd'), xsd0(at))
    await writeFile(join(dir, 'xsd1.xsd'), xsd1(at))
    await writeFile(join(dir, 'xsd2.xsd'), xsd2())
    await writeFile(join(dir, 'message.xml'), xml)
    try {
      const { stdout, stderr } = await run('xmllint', ['--noout', '--schema', join(dir, 'xsd0.xsd'), join(dir, 'message.xml')])
      return { ok: true, output: `${stdout}${stderr}` }
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string }
      return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
