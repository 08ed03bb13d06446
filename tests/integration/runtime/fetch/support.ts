import { randomBytes } from 'node:crypto'
import { mkdir, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as XLSX from 'xlsx'
import type { Checkpoint, FetchContext, FetchedBatch, Fetcher } from '../../../../src/hub/runtime/fetch/fetcher'
import type { Producer, ProducerInput } from '../../../../src/shared/contract/datahub/producer'
import type { Topic, TopicDetail, TopicInput } from '../../../../src/shared/contract/datahub/topic'
import type { Bench } from '../../datahub/support'
import { ORDERS_NS, receiveOrderSettings } from '../../../support/soapSink'
import type { Received } from '../support'

/**
 * The fetcher tests' one way of running a fetcher as the scheduler runs it, without the
 * scheduler: iterate the batches, each one's checkpoint (when it has one) replacing the last,
 * and carry the last checkpoint into the next run. The scheduler itself, with real fetchers, is
 * tested in tests/integration/schedule/.
 */

/** The producer a fetcher reads for, and its topic. */
export interface Party {
  producer: Producer
  topic: Topic
}

/** A topic and its scheduled producer, saved through the hub as the console saves them. */
export async function scheduledProducer(b: Bench, topic: Partial<TopicInput>, producer: Partial<ProducerInput>): Promise<{ topic: TopicDetail; producer: Producer }> {
  const t = await b.topic(topic)
  return { topic: t, producer: await b.producer(t.code, producer) }
}

export interface FetchOptions {
  /** The checkpoint the last run committed; null (the default) before the first. */
  checkpoint?: Checkpoint | null
  signal?: AbortSignal
  /** Each batch as it is read, before the next is asked for (the scheduler commits it there). */
  onBatch?: (batch: FetchedBatch) => unknown
  /** Stops after this many batches: a run that dies there (what it yielded stays committed). */
  stopAfter?: number
}

/** The context the scheduler gives a fetcher for one run (the fetcher reads the hub's store and config). */
export const fetchContext = (b: Bench, party: Party, options: Pick<FetchOptions, 'checkpoint' | 'signal'> = {}): FetchContext => ({
  hub: { store: b.hub.store, config: b.hub.config, log: (line) => b.hub.logs.push(line) },
  producer: party.producer,
  topic: party.topic,
  run: { id: `run-${randomBytes(4).toString('hex')}`, plannedAt: new Date().toISOString(), attempt: 0 },
  checkpoint: options.checkpoint ?? null,
  signal: options.signal ?? new AbortController().signal,
})

/** What one run read: its batches, their messages, and the checkpoint the scheduler would have committed last. */
export interface FetchRun {
  batches: FetchedBatch[]
  messages: unknown[]
  checkpoint: Checkpoint | null
}

async function readInto(run: FetchRun, b: Bench, fetcher: Fetcher, party: Party, options: FetchOptions): Promise<void> {
  for await (const batch of fetcher(fetchContext(b, party, options))) {
    run.batches.push(batch)
    run.messages.push(...batch.messages)
    if (batch.checkpoint) run.checkpoint = batch.checkpoint
    await options.onBatch?.(batch)
    if (run.batches.length >= (options.stopAfter ?? Infinity)) break
  }
}

/** One run that must succeed: rejects with the fetcher's error otherwise. */
export async function runFetcher(b: Bench, fetcher: Fetcher, party: Party, options: FetchOptions = {}): Promise<FetchRun> {
  const run: FetchRun = { batches: [], messages: [], checkpoint: options.checkpoint ?? null }
  await readInto(run, b, fetcher, party, options)
  return run
}

/** One run that may fail: what was read (and would be committed) before the failure, and the error. */
export async function tryFetcher(b: Bench, fetcher: Fetcher, party: Party, options: FetchOptions = {}): Promise<FetchRun & { error: Error | null }> {
  const run: FetchRun & { error: Error | null } = { batches: [], messages: [], checkpoint: options.checkpoint ?? null, error: null }
  try {
    await readInto(run, b, fetcher, party, options)
  } catch (err) {
    run.error = err as Error
  }
  return run
}

/** An order as the http sources of these tests list them. */
export interface Order {
  id: number
  updatedAt: string
}

/** Seven orders; the latest change is not the last row, so the task time must be the latest value, not the last. */
export const ORDERS: Order[] = [
  { id: 1, updatedAt: '2026-11-20 08:00:00' },
  { id: 2, updatedAt: '2026-11-20 09:30:00' },
  { id: 3, updatedAt: '2026-11-21 10:00:00' },
  { id: 4, updatedAt: '2026-11-22 23:59:59' },
  { id: 5, updatedAt: '2026-11-21 12:00:00' },
  { id: 6, updatedAt: '2026-11-20 07:00:00' },
  { id: 7, updatedAt: '2026-11-22 01:00:00' },
]

/**
 * An orders API as such sources are: `since` (optional) keeps the orders changed after it,
 * `pageNum` pages them three at a time, the rows under data.rows; a page past the end is empty.
 */
export function ordersSource(orders: () => Order[]) {
  return (_count: number, request: Received) => {
    const since = request.query.get('since')
    const page = Number(request.query.get('pageNum') ?? '1')
    const newer = orders().filter((o) => since === null || o.updatedAt > since)
    return { body: JSON.stringify({ code: 0, data: { total: newer.length, rows: newer.slice((page - 1) * 3, page * 3) } }) }
  }
}

export const httpModel = (url: string, model: Record<string, unknown> = {}, api: Record<string, unknown> = {}): Partial<ProducerInput> => ({
  productionMode: 'http',
  httpRequestInfoModel: {
    httpParamsModel: { url, method: 'GET', params: [], headers: [], authorization: { display: '0' }, body: { type: 'none' }, ...api },
    requestType: 'GET',
    requestApi: url,
    authenStatus: '0',
    dataStrategy: 'up',
    isRecordTaskTime: '0',
    isPagination: '0',
    ...model,
  },
})

export const paged = { isPagination: '1', paginationParam: 'pageNum', paginationLevel: 'data.rows' }

/** The order list the service answers with: the response element and its rows. */
export const ORDER_LIST = `<OrderList xmlns="${ORDERS_NS}"><order><id>A-1</id><amount>12.5</amount></order><order><id>A-2</id><amount>3</amount></order><note xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/></OrderList>`

/** A webservice producer of the sink's order service, as the producer form saves it after a resolve, with values typed in. */
export const soapProducer = (wsdlUrl: string, model: Record<string, unknown> = {}): Partial<ProducerInput> => ({
  productionMode: 'webservice',
  webServiceRequestInfoModel: {
    ...receiveOrderSettings(wsdlUrl),
    // Values as typed in the producer form; one left empty and one never set are not sent.
    parameters: [
      { name: 'orderId', type: 'string', value: 'A-*' },
      { name: 'amount', type: 'decimal', value: '0' },
      { name: 'customer', type: 'Customer', value: '' },
      { name: 'tags', type: 'string' },
    ],
    ...model,
  },
})

/** A workbook laid out as an excel consumer writes one: the code cell, the header row (id, sku, qty), the rows. */
export const workbook = (code: string, rows: (string | number)[][], sheet = '订单'): Buffer => {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[code], ['id', 'sku', 'qty'], ...rows]), sheet)
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
}

/** Drops a file in an excel producer's inbox, dated `ageS` seconds ago (older than the settle time unless 0). */
export const drop = async (inbox: string, name: string, bytes: Buffer, ageS = 60): Promise<void> => {
  await mkdir(inbox, { recursive: true })
  await writeFile(join(inbox, name), bytes)
  const at = new Date(Date.now() - ageS * 1000)
  await utimes(join(inbox, name), at, at)
}
