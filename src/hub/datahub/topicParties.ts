import type { Insertable, Selectable } from 'kysely'
import type { VersionType } from '../../shared/contract/platform/versionBacktrack'
import type { CallContext } from '../http/context'
import type { Refusal } from '../kernel/refusal'
import { flowsChanged } from '../store/dataVersions'
import { findOrRefuse } from '../store/findOrRefuse'
import { newId } from '../store/ids'
import { checkVersion, topicNotEnabled, versionStale } from './refusals'
import { created, updated, type Author } from './saving'
import { datahubDb, datahubRows, type DatahubDb, type DatahubTables } from './tables'
import { liveTopic, requireLiveTopic, type TopicRow } from './topicRepository'
import { versionRepository } from './versionRepository'

/**
 * Producers and consumers are the parties of a topic: each row hangs off one live topic, is
 * edited under its version, and answers as a wire record that carries its topic's name. This is
 * what their repositories (producerRepository.ts, consumerRepository.ts) share: data access
 * only, with the transaction every write runs in and the two conditions it holds there (a live,
 * enabled topic; the caller's version). Each party's own rules are its handlers' (producers.ts,
 * consumers.ts).
 */
export type PartyTable = 'producers' | 'consumers'
/** The columns both parties have, spelt out for code that does not yet know which party it holds. */
interface PartyColumns {
  id: string
  version: number
  topic_id: string
  status: string
}
export type PartyRow<T extends PartyTable> = Selectable<DatahubTables[T]> & PartyColumns

/** The columns a new party brings; its id, topic and audit columns are the repository's. */
export type PartyValues<T extends PartyTable> = Omit<Insertable<DatahubTables[T]>, 'id' | 'topic_id' | keyof ReturnType<typeof created>>

export interface TopicPartyOptions<T extends PartyTable, R, V> {
  typeCode: Extract<VersionType, 'producer' | 'consumer'>
  notFound(): Refusal
  /** The refusal when the table's unique index refuses a new row (two creations at once). */
  duplicate?: () => Refusal
  /** The wire record of a stored row and its live topic. */
  toRecord(row: Selectable<DatahubTables[T]>, topic: TopicRow): R
  /** The columns of the record's fields (`V`: the form's fields and the status). */
  columns(values: V): PartyValues<T>
}

/** A stored party and its topic, as a change sees them. */
export interface Held<T extends PartyTable> {
  stored: PartyRow<T>
  topic: TopicRow
}

export function topicParty<T extends PartyTable, R extends { id: string; version: number }, V>(table: T, options: TopicPartyOptions<T, R, V>) {
  const rows = datahubRows({ table, notFound: options.notFound, ...(options.duplicate ? { duplicate: options.duplicate } : {}) })
  /** The wire record, or undefined when the row or its topic is gone. */
  async function load(db: DatahubDb, id: string): Promise<R | undefined> {
    const row = (await db.selectFrom(table as PartyTable).selectAll().where('id', '=', id).executeTakeFirst()) as Selectable<DatahubTables[T]> | undefined
    if (!row) return undefined
    const topic = await liveTopic(db, { id: (row as PartyRow<T>).topic_id })
    return topic ? options.toRecord(row, topic) : undefined
  }

  /** The wire record the handlers answer with, or the party's not-found refusal. */
  const find = (db: DatahubDb, id: string): Promise<R> => findOrRefuse({ executeTakeFirst: () => load(db, id) }, options.notFound)

  /** The stored row and its topic (locked on PostgreSQL while the transaction decides). */
  async function hold(tx: DatahubDb, id: string, call: CallContext): Promise<Held<T>> {
    const row = (await rows.stored(tx, id)) as PartyRow<T>
    const topic = await requireLiveTopic(tx, { id: row.topic_id }, call.hub.store.kind)
    return { stored: row, topic }
  }

  /** Writes the changed columns with who changed them, or refuses as stale when someone saved since `from` was read. */
  const saveColumns = (tx: DatahubDb, from: PartyRow<T>, set: PartyValues<T> | Pick<PartyColumns, 'status'>, who: Author): Promise<void> =>
    // Kysely cannot check the columns of a table named by a type parameter; PartyValues<T> are that table's.
    rows.saveVersioned(tx, from, { ...set, ...updated(who) } as unknown as Parameters<typeof rows.saveVersioned>[2], versionStale)

  /** The version record of the record as it now stands (`remark`: create or update). */
  async function recordSaved(tx: DatahubDb, id: string, remark: 'create' | 'update', who: Author): Promise<void> {
    await versionRepository.snapshot(tx, options.typeCode, await find(tx, id), remark, who)
  }

  /**
   * A new party of a held topic, in the caller's transaction (add above, promotion's apply): the
   * topic must be enabled; the row gets its version record and moves the flows' version. Its id.
   */
  async function addIn(tx: DatahubDb, topic: TopicRow, who: Author, fields: V): Promise<string> {
    if (topic.status !== '1') throw topicNotEnabled()
    const id = newId()
    const values = options.columns(fields)
    // Kysely cannot check a row for a table named by a type parameter; PartyValues<T> is that row.
    await rows.insert(tx, { id, topic_id: topic.id, ...values, ...created(who) } as unknown as Parameters<typeof rows.insert>[1])
    await recordSaved(tx, id, 'create', who)
    await flowsChanged(tx)
    return id
  }

  return {
    load,
    find,
    /** The record a handler answers with, read outside any transaction. */
    answer: (call: CallContext, id: string): Promise<R> => find(datahubDb(call.hub.store.db), id),
    /** The wire record of a row held in a change. */
    recordOf: (row: PartyRow<T>, topic: TopicRow): R => options.toRecord(row, topic),
    /** Whether a stored party has these column values. */
    exists: (db: DatahubDb, values: Partial<PartyRow<T>>): Promise<boolean> => rows.exists(db, values as Parameters<typeof rows.exists>[1]),

    /**
     * A new party of the enabled topic with this code, in a transaction that holds the topic
     * (locked on PostgreSQL) while `valuesFor` applies the party's rules; its id.
     */
    async add(call: CallContext, topicCode: string, who: Author, valuesFor: (tx: DatahubDb, topic: TopicRow) => Promise<V>): Promise<string> {
      return datahubDb(call.hub.store.db)
        .transaction()
        .execute(async (tx) => {
          const topic = await requireLiveTopic(tx, { code: topicCode }, call.hub.store.kind)
          // Before the party's own rules, as ever: a disabled topic is the first thing said.
          if (topic.status !== '1') throw topicNotEnabled()
          return addIn(tx, topic, who, await valuesFor(tx, topic))
        })
    },

    addIn,

    /**
     * One change of a stored party, in a transaction: the row and its topic are held, the
     * caller's version is checked, then `work` applies the party's rules and writes.
     */
    async change(call: CallContext, at: { id: string; version?: number | undefined }, work: (tx: DatahubDb, held: Held<T>) => Promise<void>): Promise<void> {
      await datahubDb(call.hub.store.db)
        .transaction()
        .execute(async (tx) => {
          const held = await hold(tx, at.id, call)
          checkVersion(held.stored.version, at.version)
          await work(tx, held)
          await flowsChanged(tx)
        })
    },

    /** Writes the record's fields, or refuses as stale when someone saved since `from` was read. */
    save: (tx: DatahubDb, from: PartyRow<T>, values: V, who: Author): Promise<void> => saveColumns(tx, from, options.columns(values), who),

    /** Writes the status, or refuses as stale. */
    setStatus: (tx: DatahubDb, from: PartyRow<T>, status: string, who: Author): Promise<void> => saveColumns(tx, from, { status }, who),

    recordSaved,

    /** Deletes the row held, only at the version it was read at. */
    remove: (tx: DatahubDb, from: PartyRow<T>): Promise<void> => rows.removeVersioned(tx, from),
  }
}
