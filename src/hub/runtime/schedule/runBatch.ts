import type { Checkpoint } from '../fetch/fetcher'
import { isoNow } from '../../store/ids'
import { insertMessageRows, type MessageRows } from '../queue/messages'
import type { RuntimeDb } from '../tables'

/** The node no longer holds the run (another took it over): nothing of the batch is kept. */
export class LeaseLost extends Error {
  override name = 'LeaseLost'
}

export interface BatchCommit {
  runId: string
  producerId: string
  node: string
  /** Accepted messages with their deliveries. */
  messages: readonly MessageRows[]
  rowsRead: number
  refused: number
  /** The checkpoint after the batch; undefined keeps the stored one. */
  checkpoint: Checkpoint | undefined
  /** Why the paging stopped, on a paged run's last batch (FetchedBatch.pagingStop). */
  pagingStop?: string | undefined
  /** The lease, moved on with the commit. */
  leaseUntil: string
  now: number
}

/**
 * Commits one fetched batch in ONE transaction: its messages and their deliveries, the run's
 * counters and the producer's checkpoint. The run's row is updated first and only while this node
 * still holds it, so a node that lost its lease commits nothing: the node that took the run over
 * reads on from the last committed checkpoint, and no row is stored twice nor skipped.
 */
export async function commitBatch(db: RuntimeDb, batch: BatchCommit): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const held = await tx
      .updateTable('dh_runs')
      .set((eb) => ({
        rows_read: eb('rows_read', '+', batch.rowsRead),
        messages_accepted: eb('messages_accepted', '+', batch.messages.length),
        messages_refused: eb('messages_refused', '+', batch.refused),
        lease_until: batch.leaseUntil,
        ...(batch.pagingStop ? { paging_stop: batch.pagingStop } : {}),
      }))
      .where('id', '=', batch.runId)
      .where('node', '=', batch.node)
      .where('state', '=', 'running')
      .executeTakeFirst()
    if (Number(held.numUpdatedRows) !== 1) throw new LeaseLost(`run ${batch.runId} is no longer held by ${batch.node}`)
    if (batch.messages.length > 0) await insertMessageRows(tx, batch.messages)
    if (batch.checkpoint !== undefined) {
      const values = { producer_id: batch.producerId, checkpoint: JSON.stringify(batch.checkpoint), run_id: batch.runId, updated_at: isoNow(batch.now) }
      await tx
        .insertInto('dh_producer_checkpoints')
        .values(values)
        .onConflict((oc) => oc.column('producer_id').doUpdateSet({ checkpoint: values.checkpoint, run_id: values.run_id, updated_at: values.updated_at }))
        .execute()
    }
  })
}

/** The producer's last committed checkpoint; null before its first batch. */
export async function readCheckpoint(db: RuntimeDb, producerId: string): Promise<Checkpoint | null> {
  const row = await db.selectFrom('dh_producer_checkpoints').select('checkpoint').where('producer_id', '=', producerId).executeTakeFirst()
  return row ? (JSON.parse(row.checkpoint) as Checkpoint) : null
}
