import { connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A loopback TCP proxy to a real server, whose line a test can cut: every open connection is
 * destroyed and new ones are refused until it is restored, as when a network link or a broker
 * goes away. The server behind it keeps running (and keeps what it was sent).
 */
export interface TcpProxy {
  port: number
  /** Drops every connection through the proxy and refuses new ones. */
  cut(): void
  /** Accepts connections again. */
  restore(): void
  /** Connections open through the proxy now. */
  open(): number
  /** Connections the proxy has let through since it started. */
  accepted(): number
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>()
  let up = true
  let accepted = 0
  const server: Server = createServer((client) => {
    if (!up) {
      client.destroy()
      return
    }
    accepted++
    const upstream = connect(target.port, target.host)
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      pairs.delete(pair)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const port = (server.address() as { port: number }).port
  const cut = () => {
    up = false
    for (const [a, b] of pairs) {
      a.destroy()
      b.destroy()
    }
    pairs.clear()
  }
  return {
    port,
    cut,
    restore: () => {
      up = true
    },
    open: () => pairs.size,
    accepted: () => accepted,
    close: async () => {
      cut()
      await new Promise<void>((done) => server.close(() => done()))
    },
  }
}
