import type { Producer, ProducerInput } from '../../../src/shared/contract/datahub/producer'
import type { TopicDetail, TopicInput } from '../../../src/shared/contract/datahub/topic'
import type { HubContext } from '../../../src/hub/http/context'
import type { Checkpoint, FetchContext, FetchedBatch, Fetcher } from '../../../src/hub/runtime/fetch/fetcher'
import type { Bench } from '../datahub/support'

/** A topic and its scheduled producer, saved through the hub as the console saves them. */
export async function scheduledProducer(b: Bench, topic: Partial<TopicInput>, producer: Partial<ProducerInput>): Promise<{ topic: TopicDetail; producer: Producer }> {
  const t = await b.topic(topic)
  return { topic: t, producer: await b.producer(t.code, producer) }
}

/** What one run read: its batches, the checkpoint the scheduler would have committed last, and the error it ended with. */
export interface RunResult {
  batches: FetchedBatch[]
  messages: unknown[]
  checkpoint: Checkpoint | null
  error: Error | null
}

/**
 * One run of a fetcher as the scheduler makes it: iterate the batches, each one's checkpoint
 * (when it has one) replacing the last; a failure ends the run with what was committed before
 * it. The next run is given `checkpoint` of this one.
 */
export async function runFetcher(
  b: Bench,
  fetcher: Fetcher,
  saved: { topic: TopicDetail; producer: Producer },
  checkpoint: Checkpoint | null,
  signal: AbortSignal = new AbortController().signal,
): Promise<RunResult> {
  const hub: HubContext = {
    store: b.hub.store,
    config: b.hub.config,
    startedAt: Date.now(),
    log: (line) => b.hub.logs.push(line),
    access: { admit: async () => {}, permissionsOf: async () => [] },
  }
  const context: FetchContext = {
    hub,
    producer: saved.producer,
    topic: saved.topic,
    run: { id: `run-${Math.random().toString(36).slice(2)}`, plannedAt: new Date().toISOString(), attempt: 0 },
    checkpoint,
    signal,
  }
  const result: RunResult = { batches: [], messages: [], checkpoint, error: null }
  try {
    for await (const batch of fetcher(context)) {
      result.batches.push(batch)
      result.messages.push(...batch.messages)
      if (batch.checkpoint) result.checkpoint = batch.checkpoint
    }
  } catch (err) {
    result.error = err as Error
  }
  return result
}

/** A run that must succeed. */
export async function runOk(...args: Parameters<typeof runFetcher>): Promise<RunResult> {
  const result = await runFetcher(...args)
  if (result.error) throw result.error
  return result
}
