import { sql, type Insertable, type QueryCreator, type QueryExecutorProvider, type RawBuilder } from 'kysely'
import { hourOf, minuteOf, ROLLUP_GRAINS, type RollupGrain, type RollupsTable, type RollupTable, type RollupTables } from './tables'

/**
 * How the runtime writes the rollups: always inside the statement or transaction that makes the
 * change counted, so a rollup never counts a message or a try the log does not have (a batch
 * that fails takes its counts with it). Each count goes to both grains, per-minute and hourly,
 * in that same commit. One upsert per grain and batch, one row per key and minute (hour) in it.
 */

/** What a receipt needs of a message row. */
interface Received {
  topic_id: string
  received_at: string
  log_expires_at: string
}

/** Rows summed per key (minute, topic, consumer), keeping the latest expiry. */
function summed(rows: Iterable<Insertable<RollupsTable>>, minuteOfRow: (minute: number) => number): Insertable<RollupsTable>[] {
  const out = new Map<string, RollupsTable>()
  for (const r of rows) {
    const minute = minuteOfRow(r.minute)
    const consumerId = r.consumer_id ?? ''
    const key = `${minute}\u0000${r.topic_id}\u0000${consumerId}`
    const row = out.get(key)
    if (!row) {
      out.set(key, { minute, topic_id: r.topic_id, consumer_id: consumerId, received: r.received ?? 0, delivered: r.delivered ?? 0, failed: r.failed ?? 0, retrying: r.retrying ?? 0, log_expires_at: r.log_expires_at })
      continue
    }
    row.received += r.received ?? 0
    row.delivered += r.delivered ?? 0
    row.failed += r.failed ?? 0
    row.retrying += r.retrying ?? 0
    if (r.log_expires_at > row.log_expires_at) row.log_expires_at = r.log_expires_at
  }
  return [...out.values()]
}

/** One row per topic and minute of these messages, counting them as received. */
export function receivedRows(messages: readonly Received[]): Insertable<RollupsTable>[] {
  return summed(
    messages.map((m) => ({ minute: minuteOf(Date.parse(m.received_at)), topic_id: m.topic_id, consumer_id: '', received: 1, delivered: 0, failed: 0, retrying: 0, log_expires_at: m.log_expires_at })),
    (minute) => minute,
  )
}

/** Per-minute rows summed into the hourly table's rows. */
export const hourlyRows = (rows: readonly Insertable<RollupsTable>[]): Insertable<RollupsTable>[] => summed(rows, hourOf)

/** The row keeps the latest expiry of what it counts (text ISO instants compare in order). */
const laterExpiry = (table: RollupTable) =>
  sql<string>`case when excluded.log_expires_at > ${sql.ref(`${table}.log_expires_at`)} then excluded.log_expires_at else ${sql.ref(`${table}.log_expires_at`)} end`
const plus = (table: RollupTable, column: 'received' | 'delivered' | 'failed' | 'retrying') => sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`

/**
 * Adds these counts to the rows of their keys in one grain's table (one statement; it is executed
 * by the caller or is a WITH of a PostgreSQL statement). `rows` are of that grain (hourlyRows for
 * the hourly table).
 */
export function addRollups<DB extends RollupTables>(db: QueryCreator<DB>, rows: readonly Insertable<RollupsTable>[], table: RollupTable = 'dh_rollups') {
  // Any query creator whose tables include the rollups (the runtime's, a WITH of it): Kysely's
  // types do not follow a generic database through the builders, so it is narrowed here.
  return (db as unknown as QueryCreator<RollupTables>)
    .insertInto(table)
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['minute', 'topic_id', 'consumer_id']).doUpdateSet({
        received: plus(table, 'received'),
        delivered: plus(table, 'delivered'),
        failed: plus(table, 'failed'),
        retrying: plus(table, 'retrying'),
        log_expires_at: laterExpiry(table),
      }),
    )
}

/** Adds per-minute rows to both grains, inside the caller's transaction. */
export async function countRollups(tx: Pick<QueryCreator<RollupTables>, 'insertInto'> | { transaction: unknown }, rows: readonly Insertable<RollupsTable>[]): Promise<void> {
  if (rows.length === 0) return
  // The caller's transaction (or store) over any tables that include the rollups, narrowed as above.
  const db = tx as QueryCreator<RollupTables>
  await addRollups(db, rows).execute()
  await addRollups(db, hourlyRows(rows), 'dh_rollups_hourly').execute()
}

/**
 * The upsert of try outcomes into one grain's table, from `source`: a table (a WITH of the
 * statement) of ended tries with columns message_id, consumer_id, status (the delivery's new one:
 * delivered, dead — or failed, discarded by an operator — given up, or pending: waiting for
 * another try) and minute. The topic and the
 * expiry come from the message. Grouped first, so no key is touched twice by one statement
 * (PostgreSQL refuses that). PostgreSQL runs both grains as WITHs of one statement; SQLite runs
 * them one after the other in the caller's transaction.
 */
export const outcomeRollupSql = (source: string, grain: RollupGrain = 'minute'): RawBuilder<unknown> => {
  const { table, minutes } = ROLLUP_GRAINS[grain]
  // A literal expression, the same text in the select and the group by (PostgreSQL matches them by text).
  const bucket = minutes === 1 ? sql`e.minute` : sql`e.minute - e.minute % ${sql.lit(minutes)}`
  return sql`
  insert into ${sql.table(table)} (minute, topic_id, consumer_id, received, delivered, failed, retrying, log_expires_at)
  select ${bucket}, m.topic_id, e.consumer_id, 0,
    sum(case when e.status = 'delivered' then 1 else 0 end),
    sum(case when e.status in ('dead', 'failed') then 1 else 0 end),
    sum(case when e.status = 'pending' then 1 else 0 end),
    max(m.log_expires_at)
  from ${sql.table(source)} e join dh_messages m on m.id = e.message_id
  where true
  group by ${bucket}, m.topic_id, e.consumer_id
  on conflict (minute, topic_id, consumer_id) do update set
    delivered = ${plus(table, 'delivered')},
    failed = ${plus(table, 'failed')},
    retrying = ${plus(table, 'retrying')},
    log_expires_at = ${laterExpiry(table)}`
}

/** Deliveries counted per statement by countOperatorOutcomes: far below the stores' limits on bound values. */
const IDS_PER_STATEMENT = 500

/**
 * Counts what an operator's action made of these deliveries (the message log's retry, discard,
 * replay), as the runtime counts a try's outcome: `pending` — a delivery given up is waiting for
 * another try again (retrying) — or `failed` — an open delivery given up by hand (failed). At
 * `minute`, in both grains, in the caller's transaction (the one that changed them).
 */
export async function countOperatorOutcomes(tx: QueryExecutorProvider, deliveryIds: readonly string[], status: 'pending' | 'failed', minute: number): Promise<void> {
  for (let i = 0; i < deliveryIds.length; i += IDS_PER_STATEMENT) {
    const ids = deliveryIds.slice(i, i + IDS_PER_STATEMENT)
    for (const grain of ['minute', 'hour'] as const) {
      await sql`
        with acted as (
          select d.message_id, d.consumer_id, cast(${status} as text) as status, cast(${minute} as integer) as minute
          from dh_deliveries d where d.id in (${sql.join(ids)}))
        ${outcomeRollupSql('acted', grain)}`.execute(tx)
    }
  }
}
