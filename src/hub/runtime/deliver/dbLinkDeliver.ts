import { encodeText, keyed, textOf } from '../../text/keyedText'
import { reasonOf as driverReason } from '../../datahub/dataSources/connect/types'
import { HUB_STORE_KEY } from '../../datahub/dataSources/refusals'
import { Refusal } from '../../kernel/refusal'
import { DbLinkPools } from './dbLinkPools'
import { targetRows, type TargetRow } from './dbLinkRows'
import type { DbLinkAnswer, DbLinkTask } from './dbLinkThread'
import { mayGoTogether, TogetherWriter } from './dbLinkTogether'
import { WRITERS, type WriteRequest } from './dbLinkWriters'
import { DeliveryError } from '../../kernel/deliveryError'

/**
 * What the dblink delivery thread (dbLinkWorker.ts) does with a task: write it into its table,
 * together with others of the same target when it may (dbLinkTogether.ts), and answer its outcome.
 */

let pools: DbLinkPools | null = null

/**
 * What one write asks of the writer for these tasks (one, or several of one target). The rows
 * are made only when the writer asks for them: a PostgreSQL insert may not (postgresJsonInsert.ts).
 */
export function request(tasks: readonly DbLinkTask[]): WriteRequest {
  const { table, compare, mappings } = tasks[0]!
  let rows: TargetRow[] | undefined
  return {
    table,
    compare,
    messages: { texts: tasks.map((t) => t.payloadText), mappings },
    get rows() {
      return (rows ??= tasks.flatMap((t) => targetRows(t.payloadText, t.mappings)))
    },
  }
}

/** The tasks' rows in one transaction of their data source; throws what the writer threw, told as a DeliveryError. */
export async function write(tasks: readonly DbLinkTask[]): Promise<void> {
  const { source, spec, table, poolSize } = tasks[0]!
  const writer = WRITERS[spec.dbType]
  if (!writer) throw new DeliveryError(keyed('msg_exchange_dblink_unsupported', { name: source.name, type: spec.dbType }), true)
  pools ??= new DbLinkPools(poolSize)
  try {
    await pools.write(source, spec, request(tasks), writer)
  } catch (err) {
    if (err instanceof DeliveryError) throw err
    // The hub's own store: no try can change that (connect/postgres.ts).
    if (err instanceof Refusal && err.messageKey === HUB_STORE_KEY) throw new DeliveryError(keyed('msg_exchange_dblink_refused', { table, name: source.name, reason: textOf(err) }), true)
    throw new DeliveryError(keyed('msg_exchange_dblink_failed', { table, name: source.name, reason: driverReason(err, spec.password) }))
  }
}

/** One task written alone, its outcome answered. */
export async function alone(task: DbLinkTask): Promise<DbLinkAnswer> {
  try {
    await write([task])
    return { ok: true }
  } catch (err) {
    // Across the thread as the stored form: the hub's side renders it for each reader.
    if (err instanceof DeliveryError) return { ok: false, error: encodeText(err.text), permanent: err.permanent }
    return { ok: false, error: encodeText(keyed('msg_exchange_unexpected', { reason: err instanceof Error ? err.message : String(err) })), permanent: false }
  }
}

const together = new TogetherWriter(write, alone)

export const deliver = (task: DbLinkTask): Promise<DbLinkAnswer> => (mayGoTogether(task) ? together.write(task) : alone(task))

/** Closes the thread's connections (tests; the thread itself just ends). */
export async function closePools(): Promise<void> {
  await pools?.close()
  pools = null
}
