import { randomBytes } from 'node:crypto'
import type { Checkpoint, FetchContext, FetchedBatch, Fetcher } from '../../../../src/hub/runtime/fetch/fetcher'
import type { Producer, ProducerInput } from '../../../../src/shared/contract/datahub/producer'
import type { Topic, TopicDetail, TopicInput } from '../../../../src/shared/contract/datahub/topic'
import type { Bench } from '../../datahub/support'

/**
 * The fetcher tests' one way of running a fetcher as the scheduler runs it, without the
 * scheduler: iterate the batches, each one's checkpoint (when it has one) replacing the last,
 * and carry the last checkpoint into the next run. The scheduler itself, with real fetchers, is
 * tested in tests/integration/schedule/.
 */

/** The producer a fetcher reads for, and its topic. */
export interface Party {
  producer: Producer
  topic: Topic
}

/** A topic and its scheduled producer, saved through the hub as the console saves them. */
export async function scheduledProducer(b: Bench, topic: Partial<TopicInput>, producer: Partial<ProducerInput>): Promise<{ topic: TopicDetail; producer: Producer }> {
  const t = await b.topic(topic)
  return { topic: t, producer: await b.producer(t.code, producer) }
}

export interface FetchOptions {
  /** The checkpoint the last run committed; null (the default) before the first. */
  checkpoint?: Checkpoint | null
  signal?: AbortSignal
  /** Each batch as it is read, before the next is asked for (the scheduler commits it there). */
  onBatch?: (batch: FetchedBatch) => unknown
  /** Stops after this many batches: a run that dies there (what it yielded stays committed). */
  stopAfter?: number
}

/** The context the scheduler gives a fetcher for one run (the fetcher reads the hub's store and config). */
export const fetchContext = (b: Bench, party: Party, options: Pick<FetchOptions, 'checkpoint' | 'signal'> = {}): FetchContext => ({
  hub: { store: b.hub.store, config: b.hub.config, log: (line) => b.hub.logs.push(line) },
  producer: party.producer,
  topic: party.topic,
  run: { id: `run-${randomBytes(4).toString('hex')}`, plannedAt: new Date().toISOString(), attempt: 0 },
  checkpoint: options.checkpoint ?? null,
  signal: options.signal ?? new AbortController().signal,
})

/** What one run read: its batches, their messages, and the checkpoint the scheduler would have committed last. */
export interface FetchRun {
  batches: FetchedBatch[]
  messages: unknown[]
  checkpoint: Checkpoint | null
}

async function readInto(run: FetchRun, b: Bench, fetcher: Fetcher, party: Party, options: FetchOptions): Promise<void> {
  for await (const batch of fetcher(fetchContext(b, party, options))) {
    run.batches.push(batch)
    run.messages.push(...batch.messages)
    if (batch.checkpoint) run.checkpoint = batch.checkpoint
    await options.onBatch?.(batch)
    if (run.batches.length >= (options.stopAfter ?? Infinity)) break
  }
}

/** One run that must succeed: rejects with the fetcher's error otherwise. */
export async function runFetcher(b: Bench, fetcher: Fetcher, party: Party, options: FetchOptions = {}): Promise<FetchRun> {
  const run: FetchRun = { batches: [], messages: [], checkpoint: options.checkpoint ?? null }
  await readInto(run, b, fetcher, party, options)
  return run
}

/** One run that may fail: what was read (and would be committed) before the failure, and the error. */
export async function tryFetcher(b: Bench, fetcher: Fetcher, party: Party, options: FetchOptions = {}): Promise<FetchRun & { error: Error | null }> {
  const run: FetchRun & { error: Error | null } = { batches: [], messages: [], checkpoint: options.checkpoint ?? null, error: null }
  try {
    await readInto(run, b, fetcher, party, options)
  } catch (err) {
    run.error = err as Error
  }
  return run
}
