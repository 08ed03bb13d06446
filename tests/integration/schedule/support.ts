import { vi } from 'vitest'
import { FETCHERS } from '../../../src/hub/runtime/fetch'
import { FetchError, type FetchContext, type FetchedBatch, type Fetcher } from '../../../src/hub/runtime/fetch/fetcher'
import { runtimeDb, type RunRow } from '../../../src/hub/runtime/tables'
import type { Scheduler } from '../../../src/hub/runtime/schedule/scheduler'
import type { Store } from '../../../src/hub/store'

/**
 * The test fetcher (a stand-in for the mode fetchers, which other work brings): registered for
 * the http mode while a suite runs. Each run calls `script`, which yields the batches the test
 * wants; every call is recorded with the run it served.
 */
export interface TestFetcher {
  calls: FetchContext[]
  script: (context: FetchContext) => AsyncIterable<FetchedBatch>
  install(): void
  uninstall(): void
}

export function testFetcher(): TestFetcher {
  const fetcher: TestFetcher = {
    calls: [],
    script: async function* () {
      yield { messages: [], rowsRead: 0 }
    },
    install() {
      FETCHERS.http = ((context) => {
        fetcher.calls.push(context)
        return fetcher.script(context)
      }) satisfies Fetcher
    },
    uninstall() {
      delete FETCHERS.http
    },
  }
  return fetcher
}

/** A batch of JSON messages read from `rows` source rows. */
export const batchOf = (messages: unknown[], rowsRead = messages.length, checkpoint?: FetchedBatch['checkpoint']): FetchedBatch => ({ messages, rowsRead, ...(checkpoint ? { checkpoint } : {}) })

export const failing = (reason: string) =>
  async function* (): AsyncIterable<FetchedBatch> {
    yield* []
    throw new FetchError(reason)
  }

/** Resolves when `open()` is called or the run's signal aborts: a source that takes its time. */
export function gate(): { wait(signal: AbortSignal): Promise<void>; open(): void } {
  let release!: () => void
  const opened = new Promise<void>((r) => (release = r))
  return {
    wait: (signal) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve()
        signal.addEventListener('abort', () => resolve(), { once: true })
        void opened.then(resolve)
      }),
    open: () => release(),
  }
}

export const runsOf = (store: Store, producerId: string): Promise<RunRow[]> =>
  runtimeDb(store.db).selectFrom('dh_runs').selectAll().where('producer_id', '=', producerId).orderBy('planned_at').execute()

/** Waits for a condition on the store (no fixed sleeps). */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() > end) return value
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Moves the (Date-only) fake clock to `at` and lets every node take one pass, then their runs end. */
export async function passAt(at: number, ...nodes: Scheduler[]): Promise<void> {
  vi.setSystemTime(at)
  await Promise.all(nodes.map((n) => n.tick()))
  await Promise.all(nodes.map((n) => n.idle()))
}
