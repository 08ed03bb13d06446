/**
 * Home data figures (issue 16): 200 topics (a producer and a consumer each) with seven days of
 * per-minute rollups (a receipt row per topic and an outcome row per consumer every minute: about
 * four million rows) and their hourly rows in a temporary SQLite store. Times the home data call through the hub
 * (fastify inject: session, permission, the queries, the output schema, the envelope) against the
 * very statements the hub's function runs (captured once through Kysely's log) run directly on
 * the store's better-sqlite3 handle, prepared once, in the same process; prints both medians and
 * their ratio against the target of 1.5×.
 *
 *   node --import tsx bench/homeData.bench.ts        (BENCH_RUNS=N to change the run count)
 */
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import Database from 'better-sqlite3'
import { Kysely, sql, SqliteDialect, type CompiledQuery } from 'kysely'
import { consumerInputSchema } from '../src/shared/contract/datahub/consumer'
import { producerInputSchema } from '../src/shared/contract/datahub/producer'
import { topicInputSchema } from '../src/shared/contract/datahub/topic'
import { homeData as homeDataCall } from '../src/shared/contract/ops/home'
import { routePattern } from '../src/shared/endpoint'
import { consumerColumns, producerColumns, topicColumns } from '../src/hub/datahub/rows'
import { datahubDb } from '../src/hub/datahub/tables'
import { homeData } from '../src/hub/ops/home/homeData'
import { minuteOf } from '../src/hub/ops/rollups/tables'
import { SQLITE_FILE } from '../src/hub/store/connect'
import { isoNow, newId } from '../src/hub/store/ids'
import type { HubDatabase } from '../src/hub/store/schema'
import { adminToken, openBenchHub, timeInTurns, verdict } from './support'

const TOPICS = 200
const DAYS = 7
const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const TARGET = 1.5

async function main(): Promise<void> {
  const hub = await openBenchHub()
  const { dataDir, store, app } = hub

  const db = datahubDb(store.db)
  const audit = { version: 1, created_at: isoNow(), created_by: 'bench', updated_at: isoNow(), updated_by: 'bench' }
  for (let i = 0; i < TOPICS; i++) {
    const id = newId()
    const code = `bench.home.${String(i).padStart(3, '0')}`
    await db.insertInto('topics').values({ id, ...topicColumns({ ...topicInputSchema.parse({ code, name: `Home topic ${i}` }), isDelete: '0' }), ...audit }).execute()
    const producer = producerInputSchema.parse({ topicCode: code, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })
    await db.insertInto('producers').values({ id: newId(), topic_id: id, ...producerColumns({ ...producer, status: '1' }), ...audit }).execute()
    const consumer = consumerInputSchema.parse({ topicCode: code, applicationCode: 'erp', dataConsumeType: 'http', routingKey: code })
    await db.insertInto('consumers').values({ id: newId(), topic_id: id, ...consumerColumns({ ...consumer, status: '1' }), ...audit }).execute()
  }
  const now = Date.now()
  const last = minuteOf(now)
  const first = last - DAYS * 1440 + 1
  const expires = isoNow(now + 30 * 86_400_000)
  const seedStart = performance.now()
  await sql`with recursive m(minute) as (select ${first} union all select minute + 1 from m where minute < ${last})
    insert into dh_rollups (minute, topic_id, consumer_id, received, delivered, failed, retrying, log_expires_at)
    select m.minute, t.id, '', 1 + m.minute % 7, 0, 0, 0, ${expires} from m cross join topics t`.execute(store.db)
  await sql`with recursive m(minute) as (select ${first} union all select minute + 1 from m where minute < ${last})
    insert into dh_rollups (minute, topic_id, consumer_id, received, delivered, failed, retrying, log_expires_at)
    select m.minute, c.topic_id, c.id, 0, 1 + m.minute % 5, case when m.minute % 11 = 0 then 1 else 0 end, case when m.minute % 13 = 0 then 1 else 0 end, ${expires} from m cross join consumers c`.execute(store.db)
  // The hourly rows the same writes would have made (as migration 0023 fills them).
  await sql`insert into dh_rollups_hourly (minute, topic_id, consumer_id, received, delivered, failed, retrying, log_expires_at)
    select minute - minute % 60, topic_id, consumer_id, sum(received), sum(delivered), sum(failed), sum(retrying), max(log_expires_at)
    from dh_rollups group by minute - minute % 60, topic_id, consumer_id`.execute(store.db)
  const count = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(store.db)).rows[0]!.n)
  const [rows, hourly] = [await count('dh_rollups'), await count('dh_rollups_hourly')]
  console.log(`seeded ${rows.toLocaleString('en-US')} per-minute and ${hourly.toLocaleString('en-US')} hourly rollup rows in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`)

  const token = await adminToken(app)
  const url = routePattern(homeDataCall)

  // The statements the hub's function runs, captured once through Kysely's log on a handle of its own.
  const raw = new Database(join(dataDir, SQLITE_FILE))
  const captured: CompiledQuery[] = []
  const logging = new Kysely<HubDatabase>({ dialect: new SqliteDialect({ database: raw }), log: (e) => void (e.level === 'query' && captured.push(e.query)) })
  const dayStart = new Date(new Date(now).setHours(0, 0, 0, 0)).getTime()
  await homeData(logging, now, dayStart)
  const statements = captured.map((q) => ({ stmt: raw.prepare(q.sql), params: q.parameters as unknown[] }))

  async function throughHub(): Promise<number> {
    const start = performance.now()
    const res = await app.inject({ method: 'GET', url, query: { dayStart: new Date(dayStart).toISOString() }, headers: { authorization: `Bearer ${token}` } })
    const ms = performance.now() - start
    const body = res.json() as { code: string; data: { cards: unknown[] } }
    if (body.code !== '2000' || body.data.cards.length !== TOPICS) throw new Error(`home data answered ${body.code}`)
    return ms
  }
  function direct(): number {
    const start = performance.now()
    for (const s of statements) s.stmt.all(...s.params)
    return performance.now() - start
  }

  const medians = await timeInTurns(RUNS, 1, { hub: throughHub, direct })
  const ratio = medians.hub / medians.direct
  console.log(
    `home data (${TOPICS} topics, ${DAYS} days of per-minute rollups, ${statements.length} statements, SQLite): ` +
      `hub ${medians.hub.toFixed(1)} ms, the same SQL on the store ${medians.direct.toFixed(1)} ms (medians of ${RUNS}) — ${verdict(ratio, TARGET)}`,
  )
  await logging.destroy()
  await hub.close()
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
