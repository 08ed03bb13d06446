import type { Kysely } from 'kysely'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { describeEachStore, storeTargets, type StoreLocation } from '../../../tests/support/stores'
import { connect } from './connect'
import { repositoryOf } from './repository'

interface Tables {
  items: { id: string; version: number; code: string; name: string }
}

class Missing extends Error {}
class Taken extends Error {}
class Stale extends Error {}

const items = repositoryOf<Tables>()({ table: 'items', toRecord: (r) => ({ id: r.id, label: `${r.code}:${r.name}` }), notFound: () => new Missing(), duplicate: () => new Taken() })

const targets = await storeTargets()

describeEachStore(targets, 'a repository', (target) => {
  let location: StoreLocation
  let db: Kysely<Tables>

  beforeAll(async () => {
    location = await target.create()
    // A bare connection (no migrations): the repository is tried on a scratch table with a unique code.
    db = connect(location).db as unknown as Kysely<Tables>
    await db.schema
      .createTable('items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute()
  })
  afterAll(async () => {
    await db?.destroy()
    await location?.cleanup()
  })
  beforeEach(async () => {
    await db.deleteFrom('items').execute()
    for (const n of [1, 2, 3]) await items.insert(db, { id: `i${n}`, version: 1, code: `c${n}`, name: `n${n}` })
  })

  it('answers the record of a stored row, a page of a list, and refuses a row that is not there', async () => {
    expect(await items.find(db, 'i2')).toEqual({ id: 'i2', label: 'c2:n2' })
    await expect(items.find(db, 'nope')).rejects.toBeInstanceOf(Missing)
    const list = items.from(db).where('code', '!=', 'c2').selectAll().orderBy('code', 'desc')
    expect(await items.page(list, { pageNum: 1, pageSize: 1 })).toEqual({ content: [{ id: 'i3', label: 'c3:n3' }], totalElements: 2 })
    expect(await items.existingIds(db, ['i1', 'gone', 'i3'])).toEqual(expect.arrayContaining(['i1', 'i3']))
  })

  it('tells whether another row has a value, and turns the unique index refusal into the duplicate refusal', async () => {
    expect(await items.exists(db, { code: 'c1' })).toBe(true)
    expect(await items.exists(db, { code: 'c1' }, 'i1')).toBe(false)
    expect(await items.exists(db, { code: 'c1', name: 'n2' })).toBe(false)
    await expect(items.insert(db, { id: 'i9', version: 1, code: 'c1', name: 'again' })).rejects.toBeInstanceOf(Taken)
    await expect(items.update(db, 'i2', { code: 'c3' })).rejects.toBeInstanceOf(Taken)
    expect(await items.find(db, 'i2')).toEqual({ id: 'i2', label: 'c2:n2' })
  })

  it('updates and deletes a row by id, refusing one that is not there', async () => {
    await items.update(db, 'i1', { name: 'renamed' })
    expect(await items.find(db, 'i1')).toEqual({ id: 'i1', label: 'c1:renamed' })
    await expect(items.update(db, 'nope', { name: 'x' })).rejects.toBeInstanceOf(Missing)
    await items.remove(db, 'i1')
    await expect(items.remove(db, 'i1')).rejects.toBeInstanceOf(Missing)
  })

  it('saves and deletes only at the version read', async () => {
    const read = await items.stored(db, 'i3')
    await items.saveVersioned(db, read, { name: 'first' }, () => new Stale())
    await expect(items.saveVersioned(db, read, { name: 'second' }, () => new Stale())).rejects.toBeInstanceOf(Stale)
    await items.removeVersioned(db, read)
    expect(await items.stored(db, 'i3')).toMatchObject({ name: 'first', version: 2 })
    await items.removeVersioned(db, await items.stored(db, 'i3'))
    expect(await items.exists(db, { id: 'i3' })).toBe(false)
  })
})
