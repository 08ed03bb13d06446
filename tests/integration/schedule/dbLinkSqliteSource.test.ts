import Database from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sqliteSourcesDir } from '../../../src/hub/config'
import type { Scheduler } from '../../../src/hub/runtime/schedule/scheduler'
import { datasourceCreate } from '../../../src/shared/contract/datahub/dataSources'
import type { ProducerInput } from '../../../src/shared/contract/datahub/producer'
import { longestStall, stallBudget } from '../../support/eventLoop'
import { storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { fire, runsOf, scheduledFlow, schedulerOn } from './support'

/**
 * A dblink producer on a SQLite source of 200,000 rows, fired by the real scheduler: the source
 * is read on a thread of its own (better-sqlite3 is synchronous), so pages of 20,000 rows, each
 * sorted by a column without an index, do not hold up the hub's thread meanwhile.
 */
const target = (await storeTargets()).find((t) => t.name === 'sqlite')!
const ROWS = 200_000

let b: Bench
let node: Scheduler
let folder: string
let file: string

beforeAll(async () => {
  b = await openBench(target, { timeZone: 'UTC' })
  node = schedulerOn(b)
  node.start()
  await mkdir(sqliteSourcesDir(b.hub.config), { recursive: true })
  folder = await mkdtemp(join(sqliteSourcesDir(b.hub.config), 'dh-schedule-sqlite-'))
  file = join(folder, 'orders.sqlite')
  const db = new Database(file)
  db.exec('create table orders (id integer primary key, name text not null, amount integer, updated_at text)')
  const insert = db.prepare('insert into orders values (?, ?, ?, ?)')
  db.transaction(() => {
    for (let i = 1; i <= ROWS; i++) insert.run(i, `order-${String((i * 7919) % ROWS).padStart(6, '0')}-${i}`, i % 1000, '2026-11-20 08:00:00')
  })()
  db.close()
})
afterAll(async () => {
  await node?.stop()
  await b?.close()
  if (folder) await rm(folder, { recursive: true, force: true })
})

it('reads a SQLite source of 200,000 rows page by page while the hub\'s thread goes on', async () => {
  const source = `sqlite-${randomBytes(3).toString('hex')}`
  await b.ok(datasourceCreate, { name: source, sourceType: '1', applicationCode: 'erp', dbType: 'sqlite', databaseName: file })
  const p = await scheduledFlow(
    b,
    {
      productionMode: 'dblink',
      dbLinkRequestInfoModel: {
        dataSourceName: source, dataGetMethod: '1', queryType: 'pageList', tableName: 'orders', querySql: 'select * from orders', dataSynch: 'all',
        sortField: 'name', searchPageSize: '20', batchGetData: '1', everyBatchCount: '1000', failRetry: '0', dataStoreType: '0',
      },
    } as Partial<ProducerInput>,
    [],
  )
  const budget = await stallBudget()
  const stall = await longestStall(fire(b, node, p.id))
  console.log(`dblink run over ${ROWS} SQLite rows: hub thread's longest stall ${stall.toFixed(0)} ms (budget ${budget.toFixed(0)} ms)`)
  const [run] = await runsOf(b.hub.store, p.id)
  expect([run?.state, run?.rows_read, run?.messages_accepted]).toEqual(['succeeded', ROWS, ROWS / 1000])
  expect(stall).toBeLessThan(budget)
})
