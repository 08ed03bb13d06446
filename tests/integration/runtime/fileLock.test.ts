import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { acrossNodes } from '../../../src/hub/runtime/deliver/fileLock'
import { openStore, type Store } from '../../../src/hub/store'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

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
})
