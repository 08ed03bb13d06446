import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'

/** A target service on loopback, serving with `handler`. */
export async function upstreamServer(handler: RequestListener): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer(handler)
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((ok) => server.close(() => ok()))
    },
  }
}

/** Where a listening Fastify app is. */
export const baseOf = (app: FastifyInstance): { host: string; port: number } => ({ host: '127.0.0.1', port: (app.server.address() as AddressInfo).port })

/**
 * Sends one request over a real socket with the path exactly as given: node:http does not
 * resolve dot segments or re-encode, as fetch would, so the gateway sees what an attacker sends.
 */
export function rawRequest(
  app: FastifyInstance,
  options: { method?: string; path: string; headers?: Record<string, string | number>; body?: Readable | Buffer },
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const sent = request({ ...baseOf(app), method: options.method ?? 'GET', path: options.path, headers: options.headers }, resolve)
    sent.on('error', reject)
    if (options.body === undefined) sent.end()
    else if (Buffer.isBuffer(options.body)) sent.end(options.body)
    else options.body.pipe(sent)
  })
}

/** Reads an answer whole (small answers only). */
export async function text(answer: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of answer) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString()
}

export type Headers = IncomingHttpHeaders
