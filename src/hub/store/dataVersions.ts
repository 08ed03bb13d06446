import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DataVersions } from '../../shared/envelope'
import { isoNow } from './ids'
import { sharedRead } from './sharedRead'
import type { HubDatabase } from './schema'

export type DataSet = keyof DataVersions
export const DATA_SETS: readonly DataSet[] = ['lang', 'dict', 'param']

/**
 * A fresh opaque version. Random rather than a counter: a hub whose database was recreated
 * must not repeat a version a console has cached from the old one.
 */
const freshVersion = (): string => randomBytes(6).toString('base64url')

/** Creates the rows that do not exist yet (first start). */
export async function ensureDataVersions(db: Kysely<HubDatabase>): Promise<void> {
  const at = isoNow()
  await db
    .insertInto('data_versions')
    .values(DATA_SETS.map((name) => ({ name, version: freshVersion(), updated_at: at })))
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/** Marks a data set as changed, so consoles refetch it (languages, dictionaries, parameters). */
export async function bumpDataVersion(db: Kysely<HubDatabase>, name: DataSet): Promise<void> {
  await db.updateTable('data_versions').set({ version: freshVersion(), updated_at: isoNow() }).where('name', '=', name).execute()
}

/**
 * Every answer carries the versions (http/dataVersionHeaders.ts), so under load this read ran
 * once per request. Callers arriving while a read is under way share the next one instead: it
 * starts after they arrived, so each still sees every change committed before its request,
 * and the store answers about one read per round trip rather than one per caller.
 */
export function readDataVersions(db: Kysely<HubDatabase>): Promise<DataVersions> {
  let read = sharedReads.get(db)
  if (!read) sharedReads.set(db, (read = sharedRead(() => readVersions(db))))
  return read()
}

const sharedReads = new WeakMap<Kysely<HubDatabase>, () => Promise<DataVersions>>()

async function readVersions(db: Kysely<HubDatabase>): Promise<DataVersions> {
  const rows = await db.selectFrom('data_versions').select(['name', 'version']).execute()
  const of = (name: DataSet) => rows.find((r) => r.name === name)?.version ?? ''
  return { lang: of('lang'), dict: of('dict'), param: of('param') }
}
