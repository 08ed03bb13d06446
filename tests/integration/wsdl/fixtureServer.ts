import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, normalize, resolve } from 'node:path'

/** The public WSDLs beside the clone (../shared/fixtures/wsdl from the repository root). */
export const WSDL_FIXTURES = resolve(process.cwd(), '..', 'shared', 'fixtures', 'wsdl')

type Special = (req: IncomingMessage, res: ServerResponse) => void

export interface FixtureServer {
  /** http://<host>:<port>/ */
  origin: string
  /** Paths requested so far, in order. */
  hits: string[]
  close(): Promise<void>
}

/**
 * A real HTTP server on `host` serving the fixture WSDLs by path, plus `special` handlers by path
 * (redirects, hostile documents). Started and stopped by each suite.
 */
export async function startFixtureServer(host = '127.0.0.1', special: Record<string, Special> = {}): Promise<FixtureServer> {
  const hits: string[] = []
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    hits.push(path)
    const handler = special[path]
    if (handler) return handler(req, res)
    const file = normalize(join(WSDL_FIXTURES, decodeURIComponent(path)))
    if (!file.startsWith(WSDL_FIXTURES)) return void res.writeHead(403).end()
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(body),
      () => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    )
  })
  await new Promise<void>((ok) => server.listen(0, host, ok))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://${host}:${port}/`,
    hits,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}

/** A handler answering a redirect to `location`. */
export const redirectTo = (location: string): Special => (_req, res) => void res.writeHead(302, { location }).end()
