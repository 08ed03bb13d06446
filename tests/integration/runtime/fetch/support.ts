import type { Checkpoint, FetchContext, FetchedBatch, Fetcher } from '../../../../src/hub/runtime/fetch/fetcher'
import type { Producer } from '../../../../src/shared/contract/datahub/producer'
import type { Topic } from '../../../../src/shared/contract/datahub/topic'
import type { Bench } from '../../datahub/support'

let runs = 0

/**
 * One run of a fetcher as the scheduler makes it: from the checkpoint the last run committed,
 * every batch read in turn. Answers the batches and the checkpoint to carry into the next run.
 */
export async function runFetcher(
  b: Bench,
  fetcher: Fetcher,
  party: { producer: Producer; topic: Topic },
  options: { checkpoint?: Checkpoint | null; signal?: AbortSignal; onBatch?: (batch: FetchedBatch) => void } = {},
): Promise<{ batches: FetchedBatch[]; checkpoint: Checkpoint | null }> {
  let checkpoint = options.checkpoint ?? null
  const context: FetchContext = {
    hub: { store: b.hub.store, config: b.hub.config, log: (line) => b.hub.logs.push(line) },
    producer: party.producer,
    topic: party.topic,
    run: { id: `run-${++runs}`, plannedAt: new Date().toISOString(), attempt: 0 },
    checkpoint,
    signal: options.signal ?? new AbortController().signal,
  }
  const batches: FetchedBatch[] = []
  for await (const batch of fetcher(context)) {
    batches.push(batch)
    options.onBatch?.(batch)
    if (batch.checkpoint) checkpoint = batch.checkpoint
  }
  return { batches, checkpoint }
}
