import type { Worker } from 'node:worker_threads'
import type { FieldMappingRow } from '../../../shared/rules/datahub/mapping'
import type { ConnectionSpec } from '../../datahub/dataSources/connect/types'
import { spawnWorker, workerEntry } from '../../threads/spawn'
import { DeliveryError } from '../../kernel/deliveryError'
import { type KeyedText, asKeyed, decodeText, keyed } from '../../text/keyedText'

/** One dblink delivery for the thread: the message's text, how it maps to rows, where they go. */
export interface DbLinkTask {
  source: { id: string; name: string; version: number }
  /** Without functions (a dblink source has none): it crosses to the thread by structured clone. */
  spec: Omit<ConnectionSpec, 'pinHostKey'>
  table: string
  compare: string[]
  mappings: readonly FieldMappingRow[]
  payloadText: string
  /** Connections per data source (the deliveries one consumer runs at once). */
  poolSize: number
}

export type DbLinkAnswer = { ok: true } | { ok: false; error: string; permanent: boolean }

type ThreadMessage = { id: number; answer: DbLinkAnswer }

/**
 * dblink deliveries run on a thread of their own (dbLinkWorker.ts), which keeps the
 * connection pools (dbLinkPools.ts): parsing a message into rows and sending them to the
 * database — for a batched pull, 1,000 rows a message — no longer holds up the hub's thread,
 * where pushes are acknowledged and runs read and commit. One thread per delivery worker, with
 * many writes in flight on it (each waits on its database, not on the thread). A thread that
 * dies fails the writes it held as retryable (the delivery is tried again) and the next write
 * starts a fresh one.
 */
export class DbLinkThread {
  private worker: Worker | null = null
  private readonly pending = new Map<number, { done: () => void; fail: (err: Error) => void }>()
  private nextId = 1
  private closed = false

  write(task: DbLinkTask): Promise<void> {
    if (this.closed) return Promise.reject(new DeliveryError(keyed('msg_exchange_worker_stopping')))
    const worker = this.started()
    const id = this.nextId++
    return new Promise<void>((done, fail) => {
      this.pending.set(id, { done, fail })
      // An idle thread must not keep the hub alive; one with writes in flight does.
      worker.ref()
      worker.postMessage({ id, task })
    })
  }

  /**
   * Resolves once the thread has taken every write posted before this call (a port delivers in
   * order, and the thread queues a write as it takes it, dbLinkDeliver.ts): a test that needs
   * writes queued on the thread waits for this instead of sleeping.
   */
  taken(): Promise<void> {
    if (!this.worker) return Promise.resolve()
    const worker = this.worker
    const id = this.nextId++
    return new Promise<void>((done, fail) => {
      this.pending.set(id, { done, fail })
      worker.ref()
      worker.postMessage({ id, probe: true })
    })
  }

  async close(): Promise<void> {
    this.closed = true
    const worker = this.worker
    this.worker = null
    this.failAll(keyed('msg_exchange_worker_stopped'))
    if (worker) await worker.terminate()
  }

  private started(): Worker {
    if (this.worker) return this.worker
    const worker = spawnWorker(workerEntry(__filename, 'dbLinkWorker'))
    worker.unref()
    // The thread answers the writes that ended in one turn together (dbLinkWorker.ts).
    worker.on('message', (answers: ThreadMessage[]) => {
      for (const { id, answer } of answers) {
        const job = this.pending.get(id)
        if (!job) continue
        this.pending.delete(id)
        if (answer.ok) job.done()
        else job.fail(new DeliveryError(asKeyed(decodeText(answer.error)), answer.permanent))
      }
      if (this.pending.size === 0) worker.unref()
    })
    const lost = (why: KeyedText) => {
      if (this.worker !== worker) return
      this.worker = null
      this.failAll(why)
    }
    worker.on('error', (err) => lost(keyed('msg_exchange_thread_failed', { reason: err.message })))
    worker.on('exit', (code) => lost(keyed('msg_exchange_thread_exit', { code })))
    this.worker = worker
    return worker
  }

  private failAll(why: KeyedText): void {
    const jobs = [...this.pending.values()]
    this.pending.clear()
    for (const job of jobs) job.fail(new DeliveryError(why))
  }
}
