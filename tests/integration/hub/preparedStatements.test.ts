import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openStore, type Store } from '../../../src/hub/store'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()

/**
 * The PostgreSQL store prepares each statement once per connection (store/preparingClient.ts).
 * A table changed by another node's migration must not leave a node failing its statements:
 * at most the first run after the change fails, and the statement then reads the new table.
 */
describeEachStore(
  targets.filter((t) => t.name === 'postgres'),
  'store: prepared statements on PostgreSQL',
  (target) => {
    let location: StoreLocation
    let node: Store
    let other: Store
    beforeAll(async () => {
      location = await target.create()
      node = await openStore(location)
      other = await openStore(location)
    })
    afterAll(async () => {
      await node?.close()
      await other?.close()
      await location?.cleanup()
    })

    it('reads a table a migration on another node changed, at the latest on the second try', async () => {
      await sql`create table prepared_probe (id text primary key)`.execute(other.db)
      await sql`insert into prepared_probe values ('a')`.execute(other.db)
      // All on one connection: the statement is prepared on the connection that runs it again.
      await node.db.connection().execute(async (db) => {
        const read = () => sql<Record<string, unknown>>`select * from prepared_probe where id = ${'a'}`.execute(db)
        expect((await read()).rows).toEqual([{ id: 'a' }])
        await sql`alter table prepared_probe add column note text default 'new'`.execute(other.db)
        const rows = await read().catch(() => read())
        expect(rows.rows).toEqual([{ id: 'a', note: 'new' }])
        expect((await read()).rows).toEqual([{ id: 'a', note: 'new' }])
      })
    })
  },
)
