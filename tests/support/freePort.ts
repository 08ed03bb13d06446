import { createServer, type AddressInfo } from 'node:net'

/** A loopback port nothing listens on now, for a test server started right after. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((done) => server.close(() => done()))
  return port
}
