import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import type { Consumer, ConsumerInput } from '../../../src/shared/contract/datahub/consumer'
import * as producer from '../../../src/shared/contract/datahub/producer'
import type { Producer, ProducerInput } from '../../../src/shared/contract/datahub/producer'
import { APP_CODE_HEADER, APP_SECRET_HEADER, consumerServerApiAck, consumerServerApiPull, producerServerApi, type PulledMessage } from '../../../src/shared/contract/datahub/runtime'
import { sysAuthCreate, type SysAuthWithSecret } from '../../../src/shared/contract/platform/messaging/sysAuthentication'
import type { TopicDetail, TopicInput } from '../../../src/shared/contract/datahub/topic'
import { randomBytes } from 'node:crypto'
import type { Selectable } from 'kysely'
import { runtimeDb, type CallbacksTable, type DeliveryRow } from '../../../src/hub/runtime/tables'
import type { DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { call, type Answer } from '../../support/hub'
import type { Bench } from '../datahub/support'
import { renderStored } from '../../../src/hub/text/keyedText'

/** One request an HTTP sink received. */
export interface Received {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: string
}

/** What the sink answers: a status (with a short text), or a body of its own (a source's data). */
export type SinkAnswer = number | { status?: number; body: string; contentType?: string }
export type SinkBehaviour = SinkAnswer | ((count: number, request: Received) => SinkAnswer | Promise<SinkAnswer>)

/**
 * A real HTTP peer on loopback: a receiver of deliveries, or a source an http producer reads.
 * Each path answers 200 unless `on` says otherwise for it: a status to answer, a body, or a
 * function of how many requests the path has seen (and of the request).
 */
export interface Sink {
  url: string
  received: Received[]
  on(path: string, answer: SinkBehaviour): void
  at(path: string): Received[]
  close(): Promise<void>
}

export async function startSink(): Promise<Sink> {
  const received: Received[] = []
  const behaviours = new Map<string, SinkBehaviour>()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://sink')
      const request: Received = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      received.push(request)
      const behaviour = behaviours.get(url.pathname) ?? 200
      const count = received.filter((r) => r.path === url.pathname).length
      const answer = typeof behaviour === 'function' ? await behaviour(count, request) : behaviour
      if (res.destroyed) return
      if (typeof answer === 'number') return void res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : `sink says no (${answer})`)
      res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json; charset=utf-8' }).end(answer.body)
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    on: (path, answer) => behaviours.set(path, answer),
    at: (path) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

/** A topic with a running serverApi producer and running consumers. */
export interface Flow {
  topic: TopicDetail
  producer: Producer
  consumers: Consumer[]
}

export async function openFlow(
  b: Bench,
  options: { topic?: Partial<TopicInput>; producer?: Partial<ProducerInput>; consumers: Partial<ConsumerInput>[]; start?: boolean },
): Promise<Flow> {
  const topic = await b.topic(options.topic ?? {})
  let p = await b.producer(topic.code, { productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' }, ...options.producer })
  if (options.start !== false) p = await b.ok<Producer>(producer.producerDisableOrEnable, { id: p.id })
  const consumers: Consumer[] = []
  for (const overrides of options.consumers) {
    const c = await b.consumer(topic.code, overrides)
    consumers.push(await b.ok<Consumer>(consumer.consumerStatus, { id: c.id }))
  }
  return { topic, producer: p, consumers }
}

export const httpConsumer = (url: string, overrides: Partial<ConsumerInput> = {}): Partial<ConsumerInput> => ({
  dataConsumeType: 'http',
  httpRequestInfoModel: { requestUri: url, requestMethod: 'POST', authenStatus: '0' },
  ...overrides,
})

/** Pushes like an application does: no session, JSON body, optional headers. */
export const push = (b: Bench, topicCode: string, data: unknown, headers: Record<string, string> = {}, locale = 'zh-CN'): Promise<Answer<{ messageId: string; routingKeys: string[]; deliveries: number }>> =>
  call(b.hub.app, producerServerApi, { topicCode, data }, { token: null, headers, locale })

export async function pushOk(b: Bench, topicCode: string, data: unknown, headers: Record<string, string> = {}): Promise<string> {
  const answer = await push(b, topicCode, data, headers)
  expect(answer.body.code, answer.body.message).toBe('2000')
  return answer.body.data!.messageId
}

/**
 * Applications pushing without pause (a backup taken under load): `senders` loops each pushing
 * the next message as soon as the last was answered. `acked` grows with every id the hub
 * acknowledged; `until(n)` waits for n of them; `stop()` ends the loops after their current push.
 */
export function keepPushing(b: Bench, topicCode: string, senders = 4) {
  const acked: string[] = []
  let sending = true
  let seq = 0
  const loop = async () => {
    while (sending) {
      const answer = await push(b, topicCode, { seq: seq++, note: 'x'.repeat(200) })
      if (answer.body.code === '2000') acked.push(answer.body.data!.messageId)
    }
  }
  const loops = Array.from({ length: senders }, loop)
  return {
    acked,
    until: async (n: number) => {
      while (acked.length < n) await new Promise((r) => setTimeout(r, 10))
    },
    stop: async () => {
      sending = false
      await Promise.all(loops)
    },
  }
}

/**
 * The message's delivery rows, their last error as an English reader gets it: the column holds
 * a message key and its parameters (src/hub/text/keyedText.ts), rendered when read.
 */
export const deliveriesOf = async (b: Bench, messageId: string): Promise<DeliveryRow[]> =>
  inEnglish(await runtimeDb(b.hub.store.db).selectFrom('dh_deliveries').selectAll().where('message_id', '=', messageId).execute())

/** Rows with their last error rendered in English (what the tests compare). */
export const inEnglish = <R extends { last_error: string }>(rows: R[]): R[] => rows.map((r) => ({ ...r, last_error: renderStored('en', r.last_error) }))

/** Runs the worker until the message's deliveries are final (or the time is up). */
export async function drain(b: Bench, worker: DeliveryWorker, messageId: string, timeoutMs = 10_000): Promise<DeliveryRow[]> {
  const until = Date.now() + timeoutMs
  for (;;) {
    await worker.tick()
    const rows = await deliveriesOf(b, messageId)
    if (rows.every((r) => r.status !== 'pending' && r.status !== 'delivering') || Date.now() > until) return rows
    await new Promise((r) => setTimeout(r, 20))
  }
}

type CallbackRow = Selectable<CallbacksTable>

/** The message's outbox rows, their last error in English (as deliveriesOf). */
export const outboxOf = async (b: Bench, messageId: string): Promise<CallbackRow[]> =>
  inEnglish(await runtimeDb(b.hub.store.db).selectFrom('dh_callbacks').selectAll().where('message_id', '=', messageId).orderBy('kind').execute())

/** Drains the message's deliveries, then runs the worker until its callbacks and notifications are sent or dead. */
export async function settle(b: Bench, worker: DeliveryWorker, messageId: string): Promise<CallbackRow[]> {
  await drain(b, worker, messageId)
  // Written when the deliveries end, sent on the next passes.
  for (let i = 0; i < 20 && (await outboxOf(b, messageId)).some((c) => c.status === 'pending' || c.status === 'sending' || c.status === 'scheduled'); i++) {
    await worker.tick()
    await new Promise((r) => setTimeout(r, 30))
  }
  return outboxOf(b, messageId)
}

/** An application that pulls: its system authentication and the headers that present it. */
export interface PullingApp {
  auth: SysAuthWithSecret
  appCode: string
  headers: Record<string, string>
}

/** Creates a system authentication (platform administration) for a fresh app code. */
export async function pullingApp(b: Bench): Promise<PullingApp> {
  const appCode = `app${randomBytes(5).toString('hex')}`
  const auth = await b.ok<SysAuthWithSecret>(sysAuthCreate, { appCode, name: 'Pulling app' })
  return { auth, appCode, headers: { [APP_CODE_HEADER]: appCode, [APP_SECRET_HEADER]: auth.secret } }
}

/** A serverApi consumer of the application. */
export const pullConsumer = (app: Pick<PullingApp, 'appCode'>, overrides: Partial<ConsumerInput> = {}): Partial<ConsumerInput> => ({
  dataConsumeType: 'serverApi',
  applicationCode: app.appCode,
  apiRequestInfoModel: { apiAddr: '/consumer/serverApi' },
  ...overrides,
})

/** Pulls like the application does: no session, its two headers. */
export const pull = (b: Bench, headers: Record<string, string>, input: { topicCode: string; max?: number }, locale = 'zh-CN'): Promise<Answer<PulledMessage[]>> =>
  call(b.hub.app, consumerServerApiPull, input, { token: null, headers, locale })

export async function pullOk(b: Bench, app: PullingApp, topicCode: string, max?: number): Promise<PulledMessage[]> {
  const answer = await pull(b, app.headers, { topicCode, max })
  expect(answer.body.code, answer.body.message).toBe('2000')
  return answer.body.data!
}

export interface AckAnswer {
  acknowledged: number
  failed: number
  notHeld: string[]
}

export const ack = (b: Bench, headers: Record<string, string>, input: { deliveryIds?: string[]; failed?: { deliveryId: string; reason?: string }[] }, locale = 'zh-CN'): Promise<Answer<AckAnswer>> =>
  call(b.hub.app, consumerServerApiAck, input, { token: null, headers, locale })
