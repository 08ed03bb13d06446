import type { Kysely } from 'kysely'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { describeEachStore, storeTargets, type StoreLocation } from '../../../tests/support/stores'
import { connect } from './connect'
import { findByIdOrRefuse, findOrRefuse } from './findOrRefuse'
import { countOf, onPage, page } from './paging'
import { saveVersioned } from './saveVersioned'

interface Tables {
  shelves: { id: string; label: string }
  items: { id: string; version: number; name: string; colour: string; shelf_id: string }
}

class Missing extends Error {}
class Stale extends Error {}

const targets = await storeTargets()

describeEachStore(targets, 'store helpers', (target) => {
  let location: StoreLocation
  let db: Kysely<Tables>

  beforeAll(async () => {
    location = await target.create()
    // A bare connection (no migrations): the helpers are tried on scratch tables of their own.
    db = connect(location).db as unknown as Kysely<Tables>
    await db.schema.createTable('shelves').addColumn('id', 'text', (c) => c.primaryKey()).addColumn('label', 'text', (c) => c.notNull()).execute()
    await db.schema
      .createTable('items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('colour', 'text', (c) => c.notNull())
      .addColumn('shelf_id', 'text', (c) => c.notNull())
      .execute()
  })
  afterAll(async () => {
    await db?.destroy()
    await location?.cleanup()
  })
  beforeEach(async () => {
    await db.deleteFrom('items').execute()
    await db.deleteFrom('shelves').execute()
    await db.insertInto('shelves').values([{ id: 's1', label: 'top' }, { id: 's2', label: 'bottom' }]).execute()
    // 25 items, n01…n25; the odd ones red on the top shelf, the even ones blue below.
    const items = Array.from({ length: 25 }, (_, i) => {
      const n = String(i + 1).padStart(2, '0')
      return { id: `i${n}`, version: 1, name: `n${n}`, colour: i % 2 === 0 ? 'red' : 'blue', shelf_id: i % 2 === 0 ? 's1' : 's2' }
    })
    await db.insertInto('items').values(items).execute()
  })

  const names = (rows: { name: string }[]) => rows.map((r) => r.name)

  it('pages a filtered, ordered list: the page asked for and the total of all matches', async () => {
    const reds = db.selectFrom('items').where('colour', '=', 'red').selectAll().orderBy('name', 'desc')
    const second = await page(reds, { pageNum: 2, pageSize: 5 })
    expect(second.totalElements).toBe(13)
    expect(names(second.content)).toEqual(['n15', 'n13', 'n11', 'n09', 'n07'])
    const last = await page(reds, { pageNum: 3, pageSize: 5 })
    expect(names(last.content)).toEqual(['n05', 'n03', 'n01'])
    expect(await page(reds, { pageNum: 4, pageSize: 5 })).toEqual({ content: [], totalElements: 13 })
  })

  it('makes the page into records, and pages a list read by the ids of a page', async () => {
    const blues = db.selectFrom('items').where('colour', '=', 'blue')
    const shaped = await page(blues.selectAll().orderBy('name'), { pageNum: 3, pageSize: 4 }, async (rows) => rows.map((r) => r.name.toUpperCase()))
    expect(shaped).toEqual({ content: ['N18', 'N20', 'N22', 'N24'], totalElements: 12 })
    const ids = onPage(blues.select('id').orderBy('name', 'desc'), { pageNum: 2, pageSize: 2 })
    const joined = await db.selectFrom('items').innerJoin('shelves', 'shelves.id', 'items.shelf_id').select(['items.name', 'shelves.label']).where('items.id', 'in', ids).orderBy('items.name').execute()
    expect(joined).toEqual([
      { name: 'n18', label: 'bottom' },
      { name: 'n20', label: 'bottom' },
    ])
    expect(await countOf(blues)).toBe(12)
  })

  it('counts a joined list by its rows, whatever columns it selects', async () => {
    const joined = db
      .selectFrom('items')
      .innerJoin('shelves', 'shelves.id', 'items.shelf_id')
      .where('shelves.label', '=', 'bottom')
      .select(['items.name', 'shelves.label'])
      .orderBy('items.name')
    expect(await page(joined, { pageNum: 1, pageSize: 3 })).toEqual({
      content: [
        { name: 'n02', label: 'bottom' },
        { name: 'n04', label: 'bottom' },
        { name: 'n06', label: 'bottom' },
      ],
      totalElements: 12,
    })
  })

  it('finds the row asked for, or refuses with the refusal given', async () => {
    const byId = (id: string) => db.selectFrom('items').selectAll().where('id', '=', id)
    expect(await findOrRefuse(byId('i07'), () => new Missing())).toMatchObject({ id: 'i07', name: 'n07', version: 1 })
    await expect(findOrRefuse(byId('nope'), () => new Missing())).rejects.toBeInstanceOf(Missing)
    expect(await findByIdOrRefuse(db, 'shelves', 's2', () => new Missing())).toEqual({ id: 's2', label: 'bottom' })
    await expect(findByIdOrRefuse(db, 'shelves', 'i02', () => new Missing())).rejects.toBeInstanceOf(Missing)
  })

  it('saves while the version is the one read and moves it on; a second save from the same read is refused and changes nothing', async () => {
    const read = await db.selectFrom('items').selectAll().where('id', '=', 'i03').executeTakeFirstOrThrow()
    await saveVersioned(db, 'items', read, { name: 'first' }, () => new Stale())
    await expect(saveVersioned(db, 'items', read, { name: 'second' }, () => new Stale())).rejects.toBeInstanceOf(Stale)
    expect(await db.selectFrom('items').selectAll().where('id', '=', 'i03').executeTakeFirst()).toMatchObject({ name: 'first', version: 2 })
    // The other rows are untouched.
    expect(await db.selectFrom('items').select('name').where('version', '!=', 1).execute()).toEqual([{ name: 'first' }])
  })

  it('refuses a save of a row that is no longer there', async () => {
    await db.deleteFrom('items').where('id', '=', 'i04').execute()
    await expect(saveVersioned(db, 'items', { id: 'i04', version: 1 }, { name: 'x' }, () => new Stale())).rejects.toBeInstanceOf(Stale)
  })
})
