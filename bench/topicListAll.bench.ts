/**
 * /topic/listAll figures (data-hub topic flows issue): 2,000 topics, each with a producer and two
 * consumers, in a temporary SQLite store. Times the call through the hub (fastify inject: auth,
 * permission check, the query, the envelope, sending) against the same query run directly on
 * the store in the same process — the hub's query has SQLite write the flow rows as JSON
 * (src/hub/datahub/flowJson.ts) — and prints both medians and their ratio against the target of
 * 1.5×. For context it also times the typed path the paged list uses (three queries mapped to
 * objects) and a bare Fastify route that answers the same JSON already built as an object.
 *
 *   node --import tsx bench/topicListAll.bench.ts        (BENCH_RUNS=N to change the run count)
 */
import { performance } from 'node:perf_hooks'
import Fastify from 'fastify'
import { consumerInputSchema } from '../src/shared/contract/datahub/consumer'
import { producerInputSchema } from '../src/shared/contract/datahub/producer'
import { topicInputSchema, topicListAll } from '../src/shared/contract/datahub/topic'
import { routePattern } from '../src/shared/endpoint'
import { selectFlowJson } from '../src/hub/datahub/flowJson'
import { assembleFlows, selectFlowRows } from '../src/hub/datahub/flows'
import { consumerColumns, producerColumns, topicColumns } from '../src/hub/datahub/rows'
import { datahubDb } from '../src/hub/datahub/tables'
import { isoNow, newId } from '../src/hub/store/ids'
import { adminToken, openBenchHub, timeInTurns, verdict } from './support'

const TOPICS = 2000
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const TARGET = 1.5

// package.json has no "type": "module", so tsx runs this as CommonJS: no top-level await.
async function main(): Promise<void> {
  const hub = await openBenchHub()
  const { store, app } = hub

  /** Inserts in chunks: SQLite caps the parameters of one statement. */
  async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
    for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
  }

  const db = datahubDb(store.db)
  const audit = { version: 1, created_at: isoNow(), created_by: 'bench', updated_at: isoNow(), updated_by: 'bench' }
  const topics = []
  const producers = []
  const consumers = []
  for (let i = 0; i < TOPICS; i++) {
    const id = newId()
    const code = `bench.topic.${String(i).padStart(4, '0')}`
    const topic = topicInputSchema.parse({ code, name: `Bench topic ${i}`, tags: `bench，group${i % 10}`, remark: 'seeded for the listAll bench' })
    topics.push({ id, ...topicColumns({ ...topic, isDelete: '0' }), ...audit })
    const producer = producerInputSchema.parse({
      topicCode: code, appCode: 'crm', productionMode: 'http',
      httpRequestInfoModel: { requestType: 'GET', requestApi: '/orders', httpParamsModel: { url: 'https://api.example.com/orders', method: 'GET' } },
    })
    producers.push({ id: newId(), topic_id: id, ...producerColumns({ ...producer, status: '1' }), ...audit })
    for (const type of ['http', 'mq'] as const) {
      const consumer = consumerInputSchema.parse({ topicCode: code, applicationCode: 'erp', dataConsumeType: type, routingKey: code, retriable: '1', retryNum: '3', retryTimeInterval: '60' })
      consumers.push({ id: newId(), topic_id: id, ...consumerColumns({ ...consumer, status: '1' }), ...audit })
    }
  }
  await insertChunked(topics, 500, (chunk) => db.insertInto('topics').values(chunk).execute())
  await insertChunked(producers, 200, (chunk) => db.insertInto('producers').values(chunk).execute())
  await insertChunked(consumers, 200, (chunk) => db.insertInto('consumers').values(chunk).execute())

  const token = await adminToken(app)
  const url = routePattern(topicListAll)

  async function throughHub(): Promise<number> {
    const start = performance.now()
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    const ms = performance.now() - start
    const body = res.json() as { code: string; data: unknown[] }
    if (body.code !== '2000' || body.data.length !== TOPICS) throw new Error(`listAll answered ${body.code} with ${body.data?.length} topics`)
    return ms
  }
  async function direct(): Promise<number> {
    const start = performance.now()
    const { json } = await selectFlowJson(db, store.kind)
    const ms = performance.now() - start
    if (json.length < TOPICS * 100) throw new Error('direct query returned too little')
    return ms
  }
  async function typed(): Promise<number> {
    const start = performance.now()
    const flows = assembleFlows(await selectFlowRows(db))
    const ms = performance.now() - start
    if (flows.length !== TOPICS) throw new Error('typed query returned the wrong rows')
    return ms
  }

  // The floor: the same answer, prepared in advance, sent by a bare Fastify route.
  const prepared = (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json()
  const bare = Fastify()
  bare.get('/answer', async () => prepared)
  await bare.ready()
  async function sendOnly(): Promise<number> {
    const start = performance.now()
    await bare.inject({ method: 'GET', url: '/answer' })
    return performance.now() - start
  }

  // Two warm-up rounds (JIT, statement cache), then the paths take turns.
  const medians = await timeInTurns(RUNS, 2, { hub: throughHub, direct, send: sendOnly, typed })
  const ratio = medians.hub / medians.direct
  console.log(
    `topic listAll (${TOPICS} topics, ${TOPICS} producers, ${TOPICS * 2} consumers, SQLite): ` +
      `hub ${medians.hub.toFixed(1)} ms, the same query on the store ${medians.direct.toFixed(1)} ms (medians of ${RUNS}) — ${verdict(ratio, TARGET)}`,
  )
  const bytes = JSON.stringify(prepared).length
  console.log(
    `  context: sending the same ${(bytes / 1024 / 1024).toFixed(2)} MB answer from a bare Fastify route costs ${medians.send.toFixed(1)} ms ` +
      `(${(medians.send / medians.direct).toFixed(2)}× the query time) before any hub work`,
  )
  console.log(
    `  context: the typed path (three queries mapped to objects, as the paged list does) takes ${medians.typed.toFixed(1)} ms ` +
      `before validation and sending`,
  )
  await bare.close()
  await hub.close()
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
