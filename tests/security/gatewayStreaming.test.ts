import { request } from 'node:http'
import { Readable } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as gw from '../../src/shared/contract/platform/apps/gateways'
import { hubContext } from '../../src/hub/app'
import { gatewayForwarding, type GatewayLimits } from '../../src/hub/platform/apps/forward'
import { installErrorHandlers } from '../../src/hub/http/errors'
import { openCallBench, type CallBench } from '../support/bench'
import { createSqliteLocation } from '../support/stores'
import { baseOf, rawRequest, text, upstreamServer } from './gatewaySupport'

/**
 * Issue 21, finding 7: the gateway read a target's whole answer into memory before sending it
 * on; an anonymous request for a 3 GB answer took the hub to 9.7 GB. Here target, hub and
 * caller share one process, so its memory counts all three: streaming keeps the sum to a few
 * socket buffers, buffering shows the whole answer (several times over).
 */
const MB = 1024 * 1024
const ANSWER_BYTES = 300 * MB
/** Far below the answer: what streaming may hold (buffers, garbage not yet collected). */
const MEMORY_BOUND = 100 * MB
const CHUNK = Buffer.alloc(64 * 1024, 'x')

/** `total` bytes made on the fly (one chunk reused), counting what was pulled from it. */
function generated(total: number, counter: { produced: number } = { produced: 0 }): Readable {
  return new Readable({
    read() {
      if (counter.produced >= total) return void this.push(null)
      const chunk = total - counter.produced >= CHUNK.length ? CHUNK : CHUNK.subarray(0, total - counter.produced)
      counter.produced += chunk.length
      this.push(chunk)
    },
  })
}

/** Samples the process's memory; `peak` is the largest growth over the baseline seen. */
function memoryWatch() {
  const baseline = process.memoryUsage.rss()
  let peak = 0
  return {
    sample: () => {
      peak = Math.max(peak, process.memoryUsage.rss() - baseline)
    },
    get peak() {
      return peak
    },
  }
}

/**
 * Resolves when `counter.produced` stops moving (the target is held back) or reaches `total`.
 * No event says "nothing more will come", so ten quiet polls stand for it; this only decides
 * when to look, the assertion is on bytes: a hub ignoring backpressure keeps the target
 * producing to the end and fails however long the wait.
 */
async function producerSettled(counter: { produced: number }, total: number): Promise<void> {
  let last = -1
  let still = 0
  while (counter.produced < total && still < 10) {
    still = counter.produced === last ? still + 1 : 0
    last = counter.produced
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('the gateway streams answers and bodies instead of holding them', () => {
  let bench: CallBench
  let target: Awaited<ReturnType<typeof upstreamServer>>
  let limited: FastifyInstance
  let roomy: FastifyInstance
  let hurried: FastifyInstance
  const downloads: { produced: number }[] = []
  const uploads: number[] = []

  beforeAll(async () => {
    target = await upstreamServer((req, res) => {
      if (req.url?.startsWith('/outer/big/download')) {
        const size = Number(new URL(req.url, target.url).searchParams.get('bytes') ?? ANSWER_BYTES)
        const counter = { produced: 0 }
        downloads.push(counter)
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size, 'x-target': 'big' })
        generated(size, counter).pipe(res)
        return
      }
      if (req.url === '/outer/big/silent') return
      if (req.url === '/outer/big/stall') {
        // Starts an answer and never finishes it.
        res.writeHead(200, { 'content-length': 10 * MB })
        res.write(CHUNK)
        return
      }
      let received = 0
      req.on('data', (c: Buffer) => (received += c.length))
      req.on('end', () => {
        uploads.push(received)
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ received }))
      })
      req.on('error', () => uploads.push(received))
    })
    bench = await openCallBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
    await bench.ok(gw.externalCreate, { path: '/outer/big/**', targetService: target.url })
    await bench.ok(gw.refreshRoute)
    await bench.hub.app.listen({ host: '127.0.0.1', port: 0 })
    // The same gateway over the same hub, with body limits a test can reach quickly.
    const hub = hubContext({ store: bench.hub.store, config: bench.hub.config, log: () => {} })
    const gatewayWith = async (limits: Partial<GatewayLimits>) => {
      const app = Fastify({ forceCloseConnections: true })
      installErrorHandlers(app, hub)
      await app.register(gatewayForwarding(hub, limits))
      await app.listen({ host: '127.0.0.1', port: 0 })
      return app
    }
    roomy = await gatewayWith({ maxBodyBytes: ANSWER_BYTES + MB })
    limited = await gatewayWith({ maxBodyBytes: MB })
    hurried = await gatewayWith({ timeoutMs: 300 })
  })
  afterAll(async () => {
    await roomy?.close()
    await limited?.close()
    await hurried?.close()
    await bench?.close()
    await target?.close()
  })

  it('hands a 300 MB answer to the caller with the hub holding far less than the answer', async () => {
    // A first, small transfer: what the process keeps from its first use of these paths (code,
    // socket buffers, pools) is not the answer's size and would blur the bound.
    for await (const chunk of await rawRequest(bench.hub.app, { path: `/outer/big/download?bytes=${16 * MB}` })) void chunk
    const memory = memoryWatch()
    const answer = await rawRequest(bench.hub.app, { path: '/outer/big/download' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['x-target']).toBe('big')
    let received = 0
    let next = 0
    for await (const chunk of answer) {
      received += (chunk as Buffer).length
      if (received >= next) {
        memory.sample()
        next += 4 * MB
      }
    }
    expect(received).toBe(ANSWER_BYTES)
    expect(memory.peak, `memory grew by ${Math.round(memory.peak / MB)} MB`).toBeLessThan(MEMORY_BOUND)
  })

  it('holds the target back while the caller does not read (backpressure), and then delivers it all', async () => {
    const memory = memoryWatch()
    const answer = await rawRequest(bench.hub.app, { path: '/outer/big/download?slow=1' })
    const counter = downloads[downloads.length - 1]!
    // The caller takes one chunk and stops reading.
    const first = await new Promise<Buffer>((ok) => answer.once('data', ok))
    answer.pause()
    await producerSettled(counter, ANSWER_BYTES)
    memory.sample()
    const inFlight = counter.produced - first.length
    expect(inFlight, `${Math.round(inFlight / MB)} MB left the target while the caller was not reading`).toBeLessThan(64 * MB)
    expect(memory.peak).toBeLessThan(MEMORY_BOUND)

    let received = first.length
    answer.resume()
    for await (const chunk of answer) received += (chunk as Buffer).length
    expect(received).toBe(ANSWER_BYTES)
  })

  it('streams a 300 MB request body to the target without holding it', async () => {
    const memory = memoryWatch()
    const body = generated(ANSWER_BYTES)
    body.on('data', () => memory.sample())
    const answer = await rawRequest(roomy, { method: 'POST', path: '/outer/big/upload', headers: { 'content-type': 'application/octet-stream' }, body })
    expect(answer.statusCode).toBe(200)
    expect(JSON.parse(await text(answer))).toEqual({ received: ANSWER_BYTES })
    expect(memory.peak, `memory grew by ${Math.round(memory.peak / MB)} MB`).toBeLessThan(MEMORY_BOUND)
  })

  it('refuses a body over the limit with 4130, by its declared length and as it flows', async () => {
    // The real hub's own limit, declared up front: refused before the target is asked.
    const before = uploads.length
    const declared = await new Promise<{ status: number; body: string }>((ok, fail) => {
      const sent = request({ ...baseOf(bench.hub.app), method: 'PUT', path: '/outer/big/upload', headers: { 'content-type': 'application/octet-stream', 'content-length': 4 * 1024 * MB, 'accept-language': 'en' } })
      sent.on('response', (res) => void text(res).then((body) => ok({ status: res.statusCode ?? 0, body })))
      sent.on('error', fail)
      sent.write(CHUNK)
    })
    expect(declared.status).toBe(413)
    expect(JSON.parse(declared.body)).toMatchObject({ code: '4130', message: 'The request is too large' })
    expect(uploads.length).toBe(before)

    // Chunked, without a length: counted as it flows, the target never gets more than the limit.
    const chunked = await new Promise<{ status: number; body: string }>((ok, fail) => {
      const sent = request({ ...baseOf(limited), method: 'POST', path: '/outer/big/upload', headers: { 'content-type': 'application/octet-stream' } })
      sent.on('response', (res) => void text(res).then((body) => ok({ status: res.statusCode ?? 0, body })))
      sent.on('error', fail)
      const body = generated(50 * MB)
      sent.on('close', () => body.destroy())
      body.pipe(sent)
    })
    expect(chunked.status).toBe(413)
    expect(JSON.parse(chunked.body)).toMatchObject({ code: '4130' })
    // The target records the cut upload when the hub's request to it breaks off, which may come
    // after the caller's 413; however long that takes (vitest's poll would give up after 1 s).
    await expect.poll(() => uploads.length, { timeout: 20_000 }).toBe(before + 1)
    expect(uploads[uploads.length - 1]).toBeLessThanOrEqual(MB)

    // Under the limit, the same gateway forwards it.
    const small = await rawRequest(limited, { method: 'POST', path: '/outer/big/upload', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.alloc(1000) })
    expect(JSON.parse(await text(small))).toEqual({ received: 1000 })
  })

  it('still ends an exchange at the time limit: a silent target answers 502, a stalled answer is cut', async () => {
    const silent = await rawRequest(hurried, { path: '/outer/big/silent', headers: { 'accept-language': 'en' } })
    expect(silent.statusCode).toBe(502)
    expect(JSON.parse(await text(silent))).toMatchObject({ code: '5000', message: 'The target service could not be reached or did not answer in time' })

    const stalled = await rawRequest(hurried, { path: '/outer/big/stall' })
    expect(stalled.statusCode).toBe(200)
    let received = 0
    stalled.on('data', (c: Buffer) => (received += c.length))
    await new Promise((closed) => stalled.on('close', closed))
    expect(stalled.complete).toBe(false)
    expect(received).toBeLessThan(10 * MB)
  })
})
