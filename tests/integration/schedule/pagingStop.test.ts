import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Producer } from '../../../src/shared/contract/datahub/producer'
import type { Run } from '../../../src/shared/contract/datahub/schedule'
import { startJsonServer, type JsonServer } from '../../support/jsonServer'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { httpModel } from '../runtime/fetch/support'
import { httpConsumer, type Received, type Sink } from '../runtime/support'
import { allDelivered, fire, messagesOfRun, runHistory, scheduledFlow, startScheduledRuntime, until, type ScheduledRuntime } from './support'

/**
 * Issue 32 item 2: an http producer's paging stops on every signal a source gives, and never
 * commits a record twice because of paging. Sources: json-server (npm, nobody here wrote it),
 * which answers the last page again past the end and says `next: null`, `pages` and `items`; and
 * loopback sources shaped as Stripe, Spring Data and plain row APIs answer. Each record is
 * counted where a user sees it: at the http consumer and in the message log; why the paging
 * stopped is read from the run history (/producer/runs).
 */
const targets = await storeTargets()

interface Item {
  id: number
  name: string
}
const ITEMS: Item[] = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}` }))

describeEachStore(targets, 'http paging stops on the signals of the source and commits each record once', (target) => {
  let b: Bench
  let runtime: ScheduledRuntime
  let peer: Sink
  let jsonServer: JsonServer
  let serial = 0
  beforeAll(async () => {
    b = await openBench(target, { timeZone: 'UTC', allowPrivateWsdl: true })
    runtime = await startScheduledRuntime(b)
    peer = runtime.peer
    jsonServer = await startJsonServer({ items: ITEMS })
  })
  afterAll(async () => {
    await jsonServer?.close()
    await runtime?.stop()
    await b?.close()
  })

  /** A flow from the source at `url` to an http consumer of its own; answers the fired run and what arrived. */
  async function flowOf(url: string, paging: Record<string, unknown>): Promise<{ producer: Producer; inbox: string }> {
    const inbox = `/in-${++serial}`
    const producer = await scheduledFlow(b, httpModel(url, { isPagination: '1', dataStrategy: 'up', ...paging }), [httpConsumer(`${peer.url}${inbox}`)])
    return { producer, inbox }
  }
  async function fired(flow: { producer: Producer; inbox: string }): Promise<{ run: Run; received: unknown[]; logged: number }> {
    await fire(b, runtime.node, flow.producer.id)
    const [run] = await runHistory(b, flow.producer.id)
    await until(() => allDelivered(b.hub.store, flow.producer.id), (done) => done)
    const logged = (await messagesOfRun(b, run!.id)).length
    return { run: run!, received: peer.at(flow.inbox).map((r) => JSON.parse(r.body) as unknown), logged }
  }
  // json-server keeps ids as text; the loopback sources as numbers.
  const ids = (received: unknown[]) => received.map((r) => Number((r as Item).id)).sort((x, y) => x - y)

  const jsonServerPaging = { paginationParam: '_page', paginationLevel: 'data', requestParam: '_per_page=2' }

  it.each([
    // The operator's choice → the signal json-server's answer gives for it.
    ['', 'next'], // a producer saved before the choice existed: automatic
    ['auto', 'next'],
    ['next', 'next'],
    ['total', 'pages'],
    ['empty', 'repeat'], // json-server never answers an empty page: the repeated last page ends it
  ])("json-server's clamped pages: paginationStop %j stops on %j, every item reaches the consumer exactly once", async (rule, reason) => {
    const flow = await flowOf(`${jsonServer.url}/items`, { ...jsonServerPaging, ...(rule ? { paginationStop: rule } : {}) })
    const { run, received, logged } = await fired(flow)
    expect([run.state, run.pagingStop, run.rowsRead, run.messagesAccepted]).toEqual(['succeeded', reason, 5, 5])
    expect(ids(received)).toEqual([1, 2, 3, 4, 5])
    expect(logged).toBe(5)
  })

  /** A loopback source answering `page(n, request)` for page n of its pageNum parameter. */
  function source(path: string, page: (n: number, count: number, request: Received) => unknown): string {
    peer.on(path, (count, request) => ({ body: JSON.stringify(page(Number(request.query.get('pageNum') ?? '1'), count, request)) }))
    return `${peer.url}${path}`
  }
  const slice = (n: number, size: number) => ITEMS.slice((n - 1) * size, n * size)
  /** Past the end, the last page again: what many real APIs do. */
  const clamped = (n: number, size: number) => slice(Math.min(n, Math.ceil(ITEMS.length / size)), size)

  it.each([
    ['Stripe-style has_more: false', 'auto', 'next', 'data', (n: number) => ({ object: 'list', data: clamped(n, 2), has_more: n < 3 })],
    ['Spring Data last: true', 'next', 'next', 'content', (n: number) => ({ content: clamped(n, 2), last: n >= 3, number: n - 1 })],
    ['Spring Data totalPages', 'total', 'pages', 'content', (n: number) => ({ content: clamped(n, 2), totalPages: 3, totalElements: 5 })],
    ['a total beside the rows', 'auto', 'total', 'data.rows', (n: number) => ({ code: 0, data: { total: 5, rows: clamped(n, 2) } })],
    ['a stated page size and a short last page', 'auto', 'short', 'data', (n: number) => ({ meta: { pageSize: 2 }, data: clamped(n, 2) })],
    ["a short page against the first page's length", 'short', 'short', '', (n: number) => clamped(n, 2)],
    ['an empty page past the end', 'auto', 'empty', '', (n: number) => slice(n, 2)],
    ['the last page again in a changing envelope', 'auto', 'repeat', 'result', (n: number, count: number) => ({ requestId: `r-${count}`, result: clamped(n, 2) })],
  ])('%s: paginationStop %j stops on %j with each record committed once', async (_, rule, reason, level, page) => {
    const url = source(`/src-${++serial}`, page)
    const flow = await flowOf(url, { paginationParam: 'pageNum', paginationLevel: level, paginationStop: rule })
    const { run, received, logged } = await fired(flow)
    expect([run.state, run.pagingStop, run.rowsRead]).toEqual(['succeeded', reason, 5])
    expect(ids(received)).toEqual([1, 2, 3, 4, 5])
    expect(logged).toBe(5)
  })

  it('a run that failed after the last page resumes with the repeated page and commits none of it again', async () => {
    let failing = true
    const path = `/src-${++serial}`
    // Page 4 fails once (the source is down for a moment), then answers page 3 again.
    peer.on(path, (_, request) => {
      const n = Number(request.query.get('pageNum'))
      if (n === 4 && failing) return { status: 503, body: 'down for a moment', contentType: 'text/plain' }
      return { body: JSON.stringify({ requestId: n, data: clamped(n, 2) }) }
    })
    const url = `${peer.url}${path}`
    const flow = await flowOf(url, { paginationParam: 'pageNum', paginationLevel: 'data', paginationStop: 'empty' })
    const broken = await fired(flow)
    expect([broken.run.state, broken.run.pagingStop, broken.run.rowsRead]).toEqual(['failed', '', 5])
    failing = false
    const resumed = await fired(flow)
    // The resumed run asked page 4 only: it was page 3 again, so nothing was committed.
    expect([resumed.run.state, resumed.run.pagingStop, resumed.run.rowsRead, resumed.run.messagesAccepted]).toEqual(['succeeded', 'repeat', 0, 0])
    expect(peer.at(path).map((r) => r.query.get('pageNum'))).toEqual(['1', '2', '3', '4', '4'])
    expect(ids(resumed.received)).toEqual([1, 2, 3, 4, 5])
  })
})
