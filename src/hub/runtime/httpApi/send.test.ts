import { createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { sendHttp, targetCheck } from './send'

/**
 * A peer that drops the connections it keeps: it answers a connection's first request with
 * `Connection: keep-alive` and resets the connection when another request arrives on it — what a
 * peer that closed an idle kept socket does to the request the caller wrote on it just then (the
 * race a loaded machine lost once: ECONNRESET instead of the peer's answer). `dropFresh` resets
 * new connections too: a peer that is really down. `startThenDrop` starts an answer on the kept
 * socket before resetting it: the peer had the request.
 */
async function droppingPeer(options: { status?: number; dropFresh?: boolean; startThenDrop?: boolean } = {}) {
  const requests: { socket: number; method: string; body: string }[] = []
  let sockets = 0
  const server: Server = createServer((socket: Socket) => {
    const id = ++sockets
    let seen = 0
    let buffered = ''
    socket.on('error', () => {})
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1')
      const end = buffered.indexOf('\r\n\r\n')
      if (end < 0) return
      const head = buffered.slice(0, end)
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
      if (buffered.length < end + 4 + length) return
      const body = buffered.slice(end + 4, end + 4 + length)
      buffered = buffered.slice(end + 4 + length)
      seen += 1
      requests.push({ socket: id, method: head.split(' ')[0]!, body })
      if (seen > 1 && options.startThenDrop) return void socket.write('HTTP/1.1 50', () => setTimeout(() => socket.resetAndDestroy(), 20))
      if (seen > 1 || options.dropFresh) return void socket.resetAndDestroy()
      const text = 'peer says no'
      socket.write(`HTTP/1.1 ${options.status ?? 503} Refused\r\ncontent-type: text/plain\r\ncontent-length: ${text.length}\r\nconnection: keep-alive\r\n\r\n${text}`)
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  peers.push(server)
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/target`)
  return { url, requests }
}
const peers: Server[] = []
afterEach(async () => {
  await Promise.all(peers.splice(0).map((s) => new Promise((done) => s.close(done))))
})

const anywhere = targetCheck({ allowPrivateWsdl: true, host: '127.0.0.1' })
/** A POST as deliveries send it: a second copy at the peer is acceptable (at least once). */
const post = (body: string) => ({ method: 'POST', headers: new Headers({ 'content-type': 'text/plain' }), body, signal: AbortSignal.timeout(10_000), allowed: anywhere, atLeastOnce: true })

describe('sendHttp on kept sockets', () => {
  it('a kept socket the peer dropped before answering is retried once on a new connection: the caller gets the answer, the peer the body', async () => {
    const peer = await droppingPeer()
    expect(await sendHttp(peer.url, post('first'))).toMatchObject({ status: 503, text: 'peer says no' })
    // The second call goes out on the kept socket, which the peer resets: the caller still gets the peer's answer.
    expect(await sendHttp(peer.url, post('second'))).toMatchObject({ status: 503, text: 'peer says no' })
    expect(peer.requests).toEqual([
      { socket: 1, method: 'POST', body: 'first' },
      { socket: 1, method: 'POST', body: 'second' },
      { socket: 2, method: 'POST', body: 'second' },
    ])
  })

  it('a POST that did not say a second copy is acceptable is not sent again on a kept socket the peer reset: the peer gets it once', async () => {
    const peer = await droppingPeer()
    const { atLeastOnce: _, ...once } = post('first')
    await sendHttp(peer.url, once)
    await expect(sendHttp(peer.url, { ...once, body: 'second' })).rejects.toThrow(/ECONNRESET/)
    expect(peer.requests).toEqual([
      { socket: 1, method: 'POST', body: 'first' },
      { socket: 1, method: 'POST', body: 'second' },
    ])
  })

  it('an idempotent method is sent again on a new connection without being told: a GET poll gets its answer', async () => {
    const peer = await droppingPeer()
    const get = { method: 'GET', headers: new Headers(), signal: AbortSignal.timeout(10_000), allowed: anywhere }
    await sendHttp(peer.url, get)
    expect(await sendHttp(peer.url, get)).toMatchObject({ status: 503, text: 'peer says no' })
    expect(peer.requests.map((r) => r.socket)).toEqual([1, 1, 2])
  })

  it('a new connection the peer resets is not tried again: the caller hears the reset once', async () => {
    const peer = await droppingPeer({ dropFresh: true })
    await expect(sendHttp(peer.url, post('only'))).rejects.toThrow(/ECONNRESET/)
    expect(peer.requests).toEqual([{ socket: 1, method: 'POST', body: 'only' }])
  })

  it('a kept socket reset after the peer began its answer is not tried again: the peer had the call', async () => {
    const peer = await droppingPeer({ startThenDrop: true })
    await sendHttp(peer.url, post('first'))
    await expect(sendHttp(peer.url, post('second'))).rejects.toThrow(/ECONNRESET/)
    expect(peer.requests).toEqual([
      { socket: 1, method: 'POST', body: 'first' },
      { socket: 1, method: 'POST', body: 'second' },
    ])
  })
})
