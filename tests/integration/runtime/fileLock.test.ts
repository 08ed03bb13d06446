import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'kysely'
import * as XLSX from 'xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acrossNodes } from '../../../src/hub/runtime/deliver/fileLock'
import { openStore, type Store } from '../../../src/hub/store'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'
import { openFileLocationBench, type FileLocationBench } from './fileLocationBench'
import { drain, openFlow, pushOk } from './support'

/**
 * Two hub nodes on one PostgreSQL store writing one file (a per-day excel workbook): the second
 * waits for the first's advisory lock. Two stores opened on one database are two nodes' pools.
 * (On SQLite, one node per store, the in-process queue is the lock: excelConsumers.test.ts.)
 */
const targets = (await storeTargets()).filter((t) => t.name === 'postgres')

describeEachStore(targets, 'file lock across hub nodes', (target) => {
  let location: StoreLocation
  let nodeA: Store
  let nodeB: Store
  beforeAll(async () => {
    location = await target.create()
    nodeA = await openStore(location)
    nodeB = await openStore(location)
  })
  afterAll(async () => {
    await nodeA?.close()
    await nodeB?.close()
    await location?.cleanup()
  })

  /** Advisory locks of this database that a session waits for. */
  const waiting = async () =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`.execute(nodeA.db)).rows[0]!.n,
    )
  const until = async (condition: () => Promise<boolean> | boolean) => {
    while (!(await condition())) await new Promise((r) => setTimeout(r, 10))
  }

  it('a node writes a file only once the node writing it has finished', async () => {
    const events: string[] = []
    let releaseA!: () => void
    const gate = new Promise<void>((r) => (releaseA = r))
    const key = `sftp://user@host:22/upload/orders_20261126-${Math.random()}`
    const a = acrossNodes(nodeA, key, async () => {
      events.push('a writes')
      await gate
      events.push('a done')
    })
    await until(() => events.length === 1)
    const b = acrossNodes(nodeB, key, async () => {
      events.push('b writes')
    })
    await until(async () => events.includes('b writes') || (await waiting()) === 1)
    // Another file is not held up meanwhile.
    await acrossNodes(nodeB, `${key}-other`, async () => {
      events.push('b writes another file')
    })
    expect(events).toEqual(['a writes', 'b writes another file'])
    releaseA()
    await Promise.all([a, b])
    expect(events).toEqual(['a writes', 'b writes another file', 'a done', 'b writes'])
  })

  describe('per-day excel deliveries on a PostgreSQL-store hub', () => {
    let at: FileLocationBench
    beforeAll(async () => {
      at = await openFileLocationBench({ store: target, sftp: false, settings: { perConsumer: 6 } })
    })
    afterAll(() => at?.close())

    it('append every message: turns in the node, then the store\'s advisory lock (checked between nodes above)', async () => {
      const source = await at.createSource({ sourceType: '3', dbType: 'folder', databaseName: at.folder })
      const excelModels = [{ sheetName: 'Orders', modelCodeCellIndex: 'A1', headerRowNum: '2', valueStartRowNum: '3', filePer: 'day' }]
      const flow = await openFlow(at.b, { consumers: [{ dataConsumeType: 'excel', datasourceName: source.name, excelModels }] })
      const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => pushOk(at.b, flow.topic.code, { n: i + 1 })))
      for (const id of ids) expect((await drain(at.b, at.worker, id, 30_000))[0]).toMatchObject({ status: 'delivered', last_error: '' })
      const [file] = await readdir(at.folder)
      const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(await readFile(join(at.folder, file!))).Sheets.Orders!, { header: 1 })
      expect(rows.slice(2).map((r) => r[0]).sort()).toEqual([1, 2, 3, 4, 5, 6])
    })
  })
})
