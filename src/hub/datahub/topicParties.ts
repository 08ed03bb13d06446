import type { Insertable, Kysely, Selectable, UpdateObject } from 'kysely'
import type { VersionType } from '../../shared/contract/platform/versionBacktrack'
import type { CallContext } from '../http/context'
import type { Refusal } from '../http/refusal'
import { flowsChanged } from '../store/dataVersions'
import { findOrRefuse } from '../store/findOrRefuse'
import { requireLiveTopic, type TopicRow } from './records'
import { newId } from '../store/ids'
import { checkVersion, topicNotEnabled } from './refusals'
import { created, recordVersion, saveChanges, type Author } from './saving'
import { datahubDb, type DatahubDb, type DatahubTables } from './tables'

/**
 * Producers and consumers are the parties of a topic: each row hangs off one live topic, is
 * edited under its version, and answers as a wire record that carries its topic's name. This is
 * the one place that reads and writes them; producers.ts and consumers.ts keep only their rules.
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
type DatahubDatabase = DatahubDb extends Kysely<infer D> ? D : never
/** Columns a change writes (the audit columns and the version are the save's). */
export type PartyChanges<T extends PartyTable> = UpdateObject<DatahubDatabase, T>

export interface TopicPartyOptions<R> {
  typeCode: Extract<VersionType, 'producer' | 'consumer'>
  /** The wire record, or undefined when the row or its topic is gone. */
  load(db: DatahubDb, id: string): Promise<R | undefined>
  notFound(): Refusal
}

/** The columns a new party brings; its id, topic and audit columns are the repository's. */
export type PartyValues<T extends PartyTable> = Omit<Insertable<DatahubTables[T]>, 'id' | 'topic_id' | keyof ReturnType<typeof created>>

/** A stored party and its topic, as a change sees them. */
export interface Held<T extends PartyTable> {
  stored: PartyRow<T>
  topic: TopicRow
}

export function topicParty<T extends PartyTable, R extends { id: string; version: number }>(table: T, options: TopicPartyOptions<R>) {
  /** The wire record the handlers answer with, or the party's not-found refusal. */
  const find = (db: DatahubDb, id: string): Promise<R> => findOrRefuse({ executeTakeFirst: () => options.load(db, id) }, options.notFound)

  /** The stored row and its topic (locked on PostgreSQL while the transaction decides). */
  async function hold(tx: DatahubDb, id: string, call: CallContext): Promise<Held<T>> {
    const query = tx.selectFrom(table as PartyTable).selectAll().where('id', '=', id)
    const stored = (await findOrRefuse(query, options.notFound)) as PartyRow<T>
    const topic = await requireLiveTopic(tx, { id: stored.topic_id }, call.hub.store.kind)
    return { stored, topic }
  }

  /** The version history entry of the record as it now stands (`remark`: create or update). */
  async function recordSaved(tx: DatahubDb, id: string, remark: 'create' | 'update', who: Author): Promise<void> {
    const saved = await find(tx, id)
    await recordVersion(tx, { typeCode: options.typeCode, typeId: id, content: saved, version: saved.version, remark }, who)
  }

  return {
    find,
    /** The record a handler answers with, read outside any transaction. */
    answer: (call: CallContext, id: string): Promise<R> => find(datahubDb(call.hub.store.db), id),

    /**
     * A new party of the enabled topic with this code, in a transaction that holds the topic
     * (locked on PostgreSQL) while `valuesFor` applies the party's rules; its id.
     */
    async add(call: CallContext, topicCode: string, who: Author, valuesFor: (tx: DatahubDb, topic: TopicRow) => Promise<PartyValues<T>>): Promise<string> {
      const id = newId()
      await datahubDb(call.hub.store.db)
        .transaction()
        .execute(async (tx) => {
          const topic = await requireLiveTopic(tx, { code: topicCode }, call.hub.store.kind)
          if (topic.status !== '1') throw topicNotEnabled()
          const values = await valuesFor(tx, topic)
          // Kysely cannot check a row for a table named by a type parameter; PartyValues<T> is that row.
          const row = { id, topic_id: topic.id, ...values, ...created(who) } as unknown as Insertable<DatahubTables[PartyTable]>
          await tx.insertInto(table as PartyTable).values(row).execute()
          await recordSaved(tx, id, 'create', who)
          await flowsChanged(tx)
        })
      return id
    },

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

    /** Writes the changed columns, or refuses as stale when someone saved since `from` was read. */
    save: (tx: DatahubDb, from: PartyRow<T>, set: PartyChanges<T>, who: Author): Promise<void> => saveChanges(tx, table, from, set, who),

    recordSaved,

    /** Deletes the row held, only at the version it was read at. */
    async remove(tx: DatahubDb, stored: PartyRow<T>): Promise<void> {
      await tx
        .deleteFrom(table as PartyTable)
        .where('id', '=', stored.id)
        .where('version', '=', stored.version)
        .execute()
    },
  }
}
