import { APPROVAL_MAIL_KIND } from '../../../shared/rules/alarms/outbox'
import type { Insertable, Kysely } from 'kysely'
import type { Topic } from '../../../shared/contract/datahub/topic'
import type { MessageProperties } from '../../../shared/contract/datahub/messageProperties'
import { newId, isoNow } from '../../store/ids'
import type { Store, StoreKind } from '../../store'
import type { Payload } from '../engines/payload'
import { CONTENT_TYPES } from '../engines/payload'
import type { HubDatabase } from '../../store/schema'
import { groupCommit, type Committer } from './groupCommit'
import { runtimeDb, type DeliveriesTable, type MessagesTable, type RuntimeDb } from '../tables'
import { addRollups, countRollups, hourlyRows, receivedRows } from '../../ops/rollups/write'
import { propertiesText } from './properties'

const DAY_MS = 24 * 60 * 60 * 1000

export interface NewMessage {
  topic: Pick<Topic, 'id' | 'code' | 'logStoreDay' | 'logDataStoreDay'>
  producerId: string
  payload: Payload
  routingKeys: readonly string[]
  consumerIds: readonly string[]
  /** What an mq producer's message brought besides its body (its AMQP properties); none for a push. */
  properties?: MessageProperties | null
}

/** A message's row with its deliveries' rows, ready to insert. */
export interface MessageRows {
  message: Insertable<MessagesTable>
  deliveries: Insertable<DeliveriesTable>[]
}

/** Rows per insert statement: far below SQLite's and PostgreSQL's limits on bound values. */
const ROWS_PER_INSERT = 500

/**
 * One commit for a batch of pushed messages with their deliveries and the receipts' rollups. On
 * PostgreSQL the inserts go in one statement (the messages', the deliveries' and the minute
 * rollups' WITHs of the hourly rollups' upsert): a statement outside a transaction commits on its own, so the
 * batch costs one round trip to the server instead of five (begin, three writes, commit), and is
 * as durable.
 */
async function insertMessages(db: RuntimeDb, kind: StoreKind, batch: MessageRows[]): Promise<void[]> {
  const messages = batch.map((m) => m.message)
  const deliveries = batch.flatMap((m) => m.deliveries)
  if (kind === 'postgres' && messages.length <= ROWS_PER_INSERT && deliveries.length <= ROWS_PER_INSERT) {
    const minutes = receivedRows(messages)
    const hours = hourlyRows(minutes)
    const kept = db.with('kept', (qc) => qc.insertInto('dh_messages').values(messages))
    if (deliveries.length === 0) await addRollups(kept.with('counted', (qc) => addRollups(qc, minutes)), hours, 'dh_rollups_hourly').execute()
    else
      await addRollups(
        kept.with('owed', (qc) => qc.insertInto('dh_deliveries').values(deliveries)).with('counted', (qc) => addRollups(qc, minutes)),
        hours,
        'dh_rollups_hourly',
      ).execute()
    return batch.map(() => undefined)
  }
  await db.transaction().execute((tx) => insertMessageRows(tx, batch))
  return batch.map(() => undefined)
}

/**
 * Inserts messages with their deliveries, and counts them in the rollups, inside the caller's
 * transaction (a scheduled run's batch, or a batch of pushes on SQLite).
 */
export async function insertMessageRows(tx: RuntimeDb, batch: readonly MessageRows[]): Promise<void> {
  if (batch.length === 0) return
  for (let i = 0; i < batch.length; i += ROWS_PER_INSERT) {
    await tx
      .insertInto('dh_messages')
      .values(batch.slice(i, i + ROWS_PER_INSERT).map((m) => m.message))
      .execute()
  }
  const deliveries = batch.flatMap((m) => m.deliveries)
  for (let i = 0; i < deliveries.length; i += ROWS_PER_INSERT) {
    await tx
      .insertInto('dh_deliveries')
      .values(deliveries.slice(i, i + ROWS_PER_INSERT))
      .execute()
  }
  // A batch spans a minute or two: its rows are few, one statement per grain.
  await countRollups(tx, receivedRows(batch.map((m) => m.message)))
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
  const rows = messageRows(message, now)
  await committerOf(store)(rows)
  return rows.message.id
}

/**
 * The rows of one message and its deliveries (all due now), stamped with its purge times from
 * the topic's retention; `runId` names the scheduled run that fetched it.
 */
export function messageRows(message: NewMessage, now: number, runId: string | null = null): MessageRows {
  const id = newId()
  const at = isoNow(now)
  const days = (n: number) => isoNow(now + Math.max(0, n) * DAY_MS)
  return {
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
      log_expires_at: logExpiry(message.topic, now),
      // Always named, null when none: the rows of one multi-row insert then have the same columns.
      properties: propertiesText(message.properties),
      ...(runId === null ? {} : { run_id: runId }),
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
  }
}

/** When a message's log (and a run's, which shares the topic's retention) may be purged. */
export const logExpiry = (topic: Pick<Topic, 'logStoreDay' | 'logDataStoreDay'>, now: number): string =>
  isoNow(now + Math.max(0, Number(topic.logStoreDay), Number(topic.logDataStoreDay)) * DAY_MS)

/** Deliveries still in the hub's hands: their message's payload must stay. */
const OPEN = ['pending', 'delivering'] as const

/**
 * The message log's retention (spec: 'temporary data' is kept for exception retry): payloads go after the
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
  // Callbacks and result notifications go with their message's log. Alarm notices and approval
  // mails share the outbox but belong to no message: their owners purge them (src/hub/retention.ts).
  // The rollups go with the log they count (each row keeps the latest expiry of its messages).
  await db.deleteFrom('dh_rollups').where('log_expires_at', '<', at).execute()
  await db.deleteFrom('dh_rollups_hourly').where('log_expires_at', '<', at).execute()
  await db
    .deleteFrom('dh_callbacks')
    .where('incident_id', 'is', null)
    .where('kind', '!=', APPROVAL_MAIL_KIND)
    .where('message_id', 'not in', db.selectFrom('dh_messages').select('id'))
    .execute()
  return { payloads: Number(payloads.numUpdatedRows), messages: Number(messages.numDeletedRows) }
}
