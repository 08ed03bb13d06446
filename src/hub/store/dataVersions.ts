import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { DataVersions } from '../../shared/envelope'
import { isoNow } from './ids'
import { sharedRead } from './sharedRead'
import type { HubDatabase } from './schema'

export type DataSet = keyof DataVersions
export const DATA_SETS: readonly DataSet[] = ['lang', 'dict', 'param']

/**
 * The hub's own version of the flows a push reads (topics, producers, consumers and the API
 * authentication methods): not sent to consoles, it tells every hub node over the store that
 * its cached flows (runtime/accept/flowCache.ts) are out of date.
 */
export const FLOW_SET = 'flow'

/** The versions of one read: the consoles' data sets and the flows'. */
export interface StoreVersions extends DataVersions {
  flow: string
}

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
    .values([...DATA_SETS, FLOW_SET].map((name) => ({ name, version: freshVersion(), updated_at: at })))
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/** Marks a data set as changed, so consoles refetch it (languages, dictionaries, parameters). */
export async function bumpDataVersion(db: Kysely<HubDatabase>, name: DataSet | typeof FLOW_SET): Promise<void> {
  await db.updateTable('data_versions').set({ version: freshVersion(), updated_at: isoNow() }).where('name', '=', name).execute()
}

/** The console's data sets of readStoreVersions. */
export async function readDataVersions(db: Kysely<HubDatabase>, since?: number): Promise<DataVersions> {
  const { lang, dict, param } = await readStoreVersions(db, since)
  return { lang, dict, param }
}

/**
 * Marks the flows as changed, in the transaction of the change: every write to topics,
 * producers, consumers or authentication methods calls it, so that no hub node keeps pushing
 * by a flow it read before.
 */
// Transaction named too: TypeScript infers DB from a transaction only when it is named.
export function flowsChanged<DB>(db: Kysely<DB> | Transaction<DB>): Promise<void> {
  return bumpDataVersion(db as unknown as Kysely<HubDatabase>, FLOW_SET)
}

/**
 * Every answer carries the versions (http/dataVersionHeaders.ts) and every push checks the
 * flows' (flowCache.ts), so under load this read ran once or twice per request. Callers
 * arriving while a read is under way share the next one instead: it starts after they
 * arrived, so each still sees every change committed before its request, and the store
 * answers about one read per round trip rather than one per caller. A caller that says when
 * its request arrived (`since`, performance.now() time) is answered by a read started since.
 */
export function readStoreVersions(db: Kysely<HubDatabase>, since?: number): Promise<StoreVersions> {
  let read = sharedReads.get(db)
  if (!read) sharedReads.set(db, (read = sharedRead(() => readVersions(db))))
  return read(since)
}

const sharedReads = new WeakMap<Kysely<HubDatabase>, (since?: number) => Promise<StoreVersions>>()

async function readVersions(db: Kysely<HubDatabase>): Promise<StoreVersions> {
  const rows = await db.selectFrom('data_versions').select(['name', 'version']).execute()
  const of = (name: string) => rows.find((r) => r.name === name)?.version ?? ''
  return { lang: of('lang'), dict: of('dict'), param: of('param'), flow: of(FLOW_SET) }
}
