import type { Insertable, Kysely } from 'kysely'
import type { Topic } from '../../../shared/contract/datahub/topic'
import { newId, isoNow } from '../../store/ids'
import type { Store, StoreKind } from '../../store'
import type { Payload } from '../engines/payload'
import { CONTENT_TYPES } from '../engines/payload'
import type { HubDatabase } from '../../store/schema'
import { groupCommit, type Committer } from './groupCommit'
import { runtimeDb, type DeliveriesTable, type MessagesTable, type RuntimeDb } from '../tables'

const DAY_MS = 24 * 60 * 60 * 1000

export interface NewMessage {
  topic: Pick<Topic, 'id' | 'code' | 'logStoreDay' | 'logDataStoreDay'>
  producerId: string
  payload: Payload
  routingKeys: readonly string[]
  consumerIds: readonly string[]
}

/** A message's row with its deliveries' rows, ready to insert. */
interface MessageRows {
  message: Insertable<MessagesTable>
  deliveries: Insertable<DeliveriesTable>[]
}

/** Rows per insert statement: far below SQLite's and PostgreSQL's limits on bound values. */
const ROWS_PER_INSERT = 500

/**
 * One transaction for a batch of messages: one insert for their rows, one for their deliveries.
 * On PostgreSQL both inserts go in one statement (the messages' insert a WITH of the
 * deliveries'): a statement outside a transaction commits on its own, so the batch costs one
 * round trip to the server instead of four (begin, two inserts, commit), and is as durable.
 */
async function insertMessages(db: RuntimeDb, kind: StoreKind, batch: MessageRows[]): Promise<void[]> {
  const messages = batch.map((m) => m.message)
  const deliveries = batch.flatMap((m) => m.deliveries)
  if (kind === 'postgres' && deliveries.length <= ROWS_PER_INSERT) {
    if (deliveries.length === 0) await db.insertInto('dh_messages').values(messages).execute()
    else
      await db
        .with('kept', (qc) => qc.insertInto('dh_messages').values(messages))
        .insertInto('dh_deliveries')
        .values(deliveries)
        .execute()
    return batch.map(() => undefined)
  }
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('dh_messages').values(messages).execute()
    for (let i = 0; i < deliveries.length; i += ROWS_PER_INSERT) {
      await tx
        .insertInto('dh_deliveries')
        .values(deliveries.slice(i, i + ROWS_PER_INSERT))
        .execute()
    }
  })
  return batch.map(() => undefined)
}

/** Messages committed together at most (a burst's worth; more wait for the next commit). */
const MAX_MESSAGES_PER_COMMIT = 256

/** Each store's committer (a hub node has one store; tests open several). */
const committers = new WeakMap<Kysely<HubDatabase>, Committer<MessageRows, void>>()
const committerOf = (store: Store) => {
  let committer = committers.get(store.db)
  if (!committer) {
    const db = runtimeDb(store.db)
    committer = groupCommit((batch: MessageRows[]) => insertMessages(db, store.kind, batch), MAX_MESSAGES_PER_COMMIT)
    committers.set(store.db, committer)
  }
  return committer
}

/**
 * Stores one message and its deliveries (all due now) in one transaction: the caller hears
 * '2000' only after both are committed, so an accepted message is never lost, and a message
 * is never stored without the deliveries it owes. Messages pushed at the same time share the
 * transaction (groupCommit.ts): each caller still returns only after its commit, and one that
 * cannot be stored is refused alone.
 */
export async function recordMessage(store: Store, message: NewMessage, now: number = Date.now()): Promise<string> {
  const id = newId()
  const at = isoNow(now)
  const days = (n: number) => isoNow(now + Math.max(0, n) * DAY_MS)
  await committerOf(store)({
    message: {
      id,
      topic_id: message.topic.id,
      topic_code: message.topic.code,
      producer_id: message.producerId,
      payload: message.payload.text,
      content_type: CONTENT_TYPES[message.payload.format],
      routing_key: message.routingKeys.join(','),
      received_at: at,
      payload_expires_at: days(Number(message.topic.logDataStoreDay)),
      // The log outlives the payload: a log kept shorter than its data would orphan nothing useful.
      log_expires_at: days(Math.max(Number(message.topic.logStoreDay), Number(message.topic.logDataStoreDay))),
    },
    deliveries: message.consumerIds.map((consumerId) => ({
      id: newId(),
      message_id: id,
      consumer_id: consumerId,
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      lease_until: null,
      last_error: '',
      created_at: at,
      started_at: null,
      finished_at: null,
      duration_ms: null,
    })),
  })
  return id
}

/** Deliveries still in the hub's hands: their message's payload must stay. */
const OPEN = ['pending', 'delivering'] as const

/**
 * Log retention (spec: 'temporary data' is kept for exception retry): payloads go after the
 * topic's logDataStoreDay, messages with their delivery log after logStoreDay. A message
 * whose deliveries are still pending or in flight keeps everything until they end: purging it
 * would drop data the hub promised to deliver.
 */
export async function purgeExpired(store: Store, now: number = Date.now()): Promise<{ payloads: number; messages: number }> {
  const db: RuntimeDb = runtimeDb(store.db)
  const at = isoNow(now)
  const open = db.selectFrom('dh_deliveries').select('message_id').where('status', 'in', OPEN)
  const payloads = await db
    .updateTable('dh_messages')
    .set({ payload: null })
    .where('payload_expires_at', '<', at)
    .where('payload', 'is not', null)
    .where('id', 'not in', open)
    .executeTakeFirst()
  const doomed = db.selectFrom('dh_messages').select('id').where('log_expires_at', '<', at).where('id', 'not in', open)
  // Deliveries first: SQLite enforces the foreign key only with its pragma on, PostgreSQL always.
  await db.deleteFrom('dh_deliveries').where('message_id', 'in', doomed).execute()
  const messages = await db
    .deleteFrom('dh_messages')
    .where('log_expires_at', '<', at)
    .where('id', 'not in', db.selectFrom('dh_deliveries').select('message_id'))
    .executeTakeFirst()
  // Callbacks go with their message's log.
  await db.deleteFrom('dh_callbacks').where('message_id', 'not in', db.selectFrom('dh_messages').select('id')).execute()
  return { payloads: Number(payloads.numUpdatedRows), messages: Number(messages.numDeletedRows) }
}
