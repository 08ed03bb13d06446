import { producerFromRow, topicFromRow } from '../../datahub/rows'
import { datahubDb } from '../../datahub/tables'
import type { HubContext } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { isoNow } from '../../store/ids'
import { flowOf } from '../accept/flowCache'
import { prepareMessage } from '../accept/ingress'
import { reasonOf } from '../../kernel/deliveryError'
import { FETCHERS } from '../fetch'
import type { FetchedBatch } from '../fetch/fetcher'
import { messageRows, type MessageRows } from '../queue/messages'
import type { RuntimeSettings } from '../settings'
import type { RunRow, RuntimeDb } from '../tables'
import { commitBatch, LeaseLost, readCheckpoint } from './runBatch'
import { endRun, handBack, renewLease, type RunEnding } from './runs'
import { KeyedError, encodeText, keyed } from '../../text/keyedText'

/** Why a run's signal was aborted: each ends the run differently. */
export type StopReason = 'disabled' | 'shutdown' | 'leaseLost'

/**
 * Runs one claimed run to its end: reads the producer's source through its mode's fetcher, batch
 * by batch, each batch through the accept path (prepareMessage: the same checks, pre-processing
 * and routing as a push) and committed whole (commitBatch). A message the accept path refuses is
 * counted on the run (messagesRefused), not fatal.
 *
 * - Its producer or topic disabled (seen at each batch boundary, or the scheduler aborting
 *   `stop` with 'disabled'): the run ends `cancelled`; the batches committed before stay, the
 *   batch in hand is dropped (it is read again by the next run, from the checkpoint).
 * - The node stopping ('shutdown'): the run is handed back (lease ended now) for another node.
 * - The lease lost: nothing more is written; the node that took the run over finishes it.
 * - The source failing: the run fails, or waits to be retried per the producer's retriable,
 *   retryNum and retryTimeInterval (seconds: runtime retryUnitMs).
 */
export async function executeRun(hub: HubContext, settings: RuntimeSettings, db: RuntimeDb, run: RunRow, node: string, stop: AbortController): Promise<void> {
  const lease = () => isoNow(Date.now() + settings.runLeaseMs)
  const renew = setInterval(() => {
    renewLease(db, run.id, node, lease()).then(
      (held) => held || stop.abort('leaseLost'),
      (err: unknown) => hub.log(`[schedule] renewing the lease of run ${run.id} failed: ${reasonOf(err)}`),
    )
  }, Math.max(50, Math.floor(settings.runLeaseMs / 3)))
  let producerRetry = { retriable: '0', retryNum: '0', retryTimeInterval: '' }
  let mode = 'unknown'
  /** Ends the run, and counts how it ended (the hub's metrics) when this node still held it. */
  const end = async (ending: RunEnding) => {
    if (await endRun(hub.events, db, run.id, node, ending, Date.now())) hub.metrics?.runEnded(mode, ending.state)
  }
  try {
    const hubDb = datahubDb(hub.store.db)
    const loaded = await load(hubDb, run)
    if (loaded === 'disabled') return void (await end({ state: 'cancelled', error: encodeText(keyed('msg_exchange_run_disabled')) }))
    if (loaded === 'missing') return void (await end({ state: 'failed', error: encodeText(keyed('msg_exchange_run_missing')) }))
    const { topic, producer } = loaded
    producerRetry = producer
    mode = producer.productionMode
    const fetcher = FETCHERS[producer.productionMode]
    if (!fetcher) return void (await end({ state: 'failed', error: encodeText(keyed('msg_exchange_run_no_fetcher', { mode: producer.productionMode })) }))

    const checkpoint = await readCheckpoint(db, producer.id)
    const source = fetcher({ hub, producer, topic, run: { id: run.id, plannedAt: run.planned_at, attempt: Number(run.attempt) }, checkpoint, signal: stop.signal })
    for await (const batch of source) {
      if (stop.signal.aborted) break
      // The batch boundary's check, and the consumers as they are now: the flow a push reads
      // (accept/flowCache.ts), re-read only when a topic, producer or consumer was saved.
      const flow = await flowOf(hub.store, topic.code)
      if (flow?.producer?.id !== producer.id || flow.producer.status === '0' || flow.topic.status !== '1') {
        stop.abort('disabled')
        break
      }
      const { rows, refused } = await accept(batch, { topic, producer, consumers: flow.consumers }, settings, run.id)
      await commitBatch(db, { runId: run.id, producerId: producer.id, node, messages: rows, rowsRead: batch.rowsRead, refused, checkpoint: batch.checkpoint, pagingStop: batch.pagingStop, leaseUntil: lease(), now: Date.now() })
    }
    if (!stop.signal.aborted) return void (await end({ state: 'succeeded', error: '' }))
  } catch (err) {
    if (err instanceof LeaseLost) return
    // Stored as key and parameters: the run history renders it in its reader's language.
    if (!stop.signal.aborted) return void (await failed(end, settings, run, producerRetry, encodeText(err instanceof KeyedError ? err.text : keyed('msg_exchange_unexpected', { reason: reasonOf(err) }))))
  } finally {
    clearInterval(renew)
  }
  // Stopped from outside: what to do depends on why.
  const reason = stop.signal.reason as StopReason
  if (reason === 'disabled') await end({ state: 'cancelled', error: encodeText(keyed('msg_exchange_run_disabled_during')) })
  else if (reason === 'shutdown') await handBack(db, run.id, node, Date.now())
}

type Loaded = 'missing' | 'disabled' | { topic: ReturnType<typeof topicFromRow>; producer: ReturnType<typeof producerFromRow> }

const topicRowOf = (db: ReturnType<typeof datahubDb>, id: string) => db.selectFrom('topics').selectAll().where('id', '=', id).where('is_delete', '=', '0').executeTakeFirst()

/** The run's producer and topic as they are now (an edit saved since the fire applies). */
async function load(db: ReturnType<typeof datahubDb>, run: RunRow): Promise<Loaded> {
  const producerRow = await db.selectFrom('producers').selectAll().where('id', '=', run.producer_id).executeTakeFirst()
  const topicRow = producerRow ? await topicRowOf(db, producerRow.topic_id) : undefined
  if (!producerRow || !topicRow) return 'missing'
  if (producerRow.status === '0' || topicRow.status !== '1') return 'disabled'
  const topic = topicFromRow(topicRow)
  return { topic, producer: producerFromRow(producerRow, topic.name) }
}

/** Each message through the accept path; refusals are counted, anything else fails the run. */
async function accept(batch: FetchedBatch, target: Parameters<typeof prepareMessage>[0], settings: RuntimeSettings, runId: string): Promise<{ rows: MessageRows[]; refused: number }> {
  const rows: MessageRows[] = []
  let refused = 0
  const now = Date.now()
  for (const data of batch.messages) {
    try {
      const prepared = await prepareMessage(target, data, settings)
      rows.push(messageRows({ topic: target.topic, producerId: target.producer.id, ...prepared }, now, runId))
    } catch (err) {
      if (!(err instanceof Refusal)) throw err
      refused++
    }
  }
  return { rows, refused }
}

/** A failed try: retrying while the producer's retries last, else failed. */
async function failed(end: (ending: RunEnding) => Promise<void>, settings: RuntimeSettings, run: RunRow, producer: { retriable: string; retryNum: string; retryTimeInterval: string }, error: string): Promise<void> {
  const attempt = Number(run.attempt)
  const retries = producer.retriable === '1' ? Number(producer.retryNum) || 0 : 0
  if (attempt < retries) {
    const waitMs = (Number(producer.retryTimeInterval) || 0) * settings.retryUnitMs
    await end({ state: 'retrying', error, attempt: attempt + 1, nextAttemptAt: isoNow(Date.now() + waitMs) })
  } else {
    await end({ state: 'failed', error })
  }
}
