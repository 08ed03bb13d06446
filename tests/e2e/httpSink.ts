import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A consumer's receiver on loopback: every body it was sent, in order. */
export interface HttpSink {
  url: string
  received: string[]
  close(): void
}

/** Starts a receiver that records each request's body and answers `status()` (200 unless told): a failing one answers 5xx. */
export async function startHttpSink(status: () => number = () => 200): Promise<HttpSink> {
  const received: string[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => {
      received.push(body)
      const code = status()
      res.writeHead(code).end(code < 400 ? 'ok' : 'down for maintenance')
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}
