import type { ResourceLimits, TransferListItem, Worker } from 'node:worker_threads'
import type { TaskMessage, WorkerMessage } from './serve'
import { spawnWorker } from './spawn'

/**
 * A few worker threads for CPU work that would otherwise hold up every request of the hub
 * (scripts, workbook parsing). Workers start when work arrives, take one task at a time, and
 * leave after a while without work; an idle worker does not keep the process alive.
 */
export interface PoolOptions {
  /** The worker's entry module (spawn.ts: workerEntry); it calls serveTasks. */
  entry: string
  /** Most workers at once. */
  size: number
  /** A worker without work for this long exits, and its memory with it. */
  idleMs: number
  resourceLimits?: ResourceLimits
}

export type StopReason = 'deadline' | 'outOfMemory' | 'crashed'

/** The task's worker was stopped (past its deadline) or died: the next task gets a fresh one. */
export class WorkerStopped extends Error {
  override name = 'WorkerStopped'
  constructor(
    readonly reason: StopReason,
    detail: string,
  ) {
    super(detail)
  }
}

export interface RunOptions {
  /** The worker is terminated when it has not answered this long after taking the task. */
  deadlineMs?: number
  /** Buffers moved to the worker instead of copied (they are unusable here afterwards). */
  transfer?: TransferListItem[]
}

interface Job<T, A> extends RunOptions {
  id: number
  task: T
  done(answer: A): void
  fail(error: Error): void
}

interface Slot<T, A> {
  worker: Worker
  ready: boolean
  job: Job<T, A> | null
  /** The job's deadline while busy, the idle exit while not. */
  timer: NodeJS.Timeout | null
}

export class WorkerPool<T, A> {
  private readonly slots = new Set<Slot<T, A>>()
  private readonly queue: Job<T, A>[] = []
  private nextId = 1

  constructor(private readonly options: PoolOptions) {}

  run(task: T, options: RunOptions = {}): Promise<A> {
    return new Promise<A>((done, fail) => {
      this.queue.push({ ...options, id: this.nextId++, task, done, fail })
      this.pump()
    })
  }

  /** Stops every worker; queued tasks and tasks in flight fail. */
  async close(): Promise<void> {
    // The queue first: losing a worker would otherwise start another for what waits.
    for (const job of this.queue.splice(0)) job.fail(new WorkerStopped('crashed', 'the pool was closed'))
    const slots = [...this.slots]
    for (const slot of slots) this.lose(slot, 'crashed', 'the pool was closed')
    await Promise.all(slots.map((s) => s.worker.terminate()))
  }

  private pump(): void {
    for (;;) {
      const job = this.queue[0]
      if (!job) return
      const slots = [...this.slots]
      const free = slots.find((s) => s.ready && !s.job)
      if (free) {
        this.queue.shift()
        this.dispatch(free, job)
      } else if (slots.filter((s) => !s.ready).length < this.queue.length && slots.length < this.options.size) {
        this.start()
      } else {
        return
      }
    }
  }

  private start(): void {
    const slot: Slot<T, A> = { worker: spawnWorker(this.options.entry, this.options.resourceLimits), ready: false, job: null, timer: null }
    this.slots.add(slot)
    slot.worker.on('message', (message: WorkerMessage<A>) => {
      if ('ready' in message) {
        slot.ready = true
        this.pump()
        if (!slot.job) this.rest(slot)
        return
      }
      const job = slot.job
      if (!job || job.id !== message.id) return
      this.release(slot)
      if ('failed' in message) job.fail(new Error(message.failed))
      else job.done(message.answer)
    })
    slot.worker.on('error', (err: Error & { code?: string }) => this.lose(slot, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'outOfMemory' : 'crashed', err.message))
    slot.worker.on('exit', (code) => this.lose(slot, 'crashed', `the worker exited with code ${code}`))
  }

  private dispatch(slot: Slot<T, A>, job: Job<T, A>): void {
    if (slot.timer) clearTimeout(slot.timer)
    slot.job = job
    slot.worker.ref()
    const deadlineMs = job.deadlineMs
    slot.timer = deadlineMs === undefined ? null : setTimeout(() => this.lose(slot, 'deadline', `no answer within ${deadlineMs} ms`), deadlineMs)
    try {
      slot.worker.postMessage({ id: job.id, task: job.task } satisfies TaskMessage<T>, job.transfer)
    } catch (err) {
      // A task that cannot be cloned: the worker never saw it and stays as it was.
      this.release(slot)
      job.fail(err instanceof Error ? err : new Error(String(err)))
    }
  }

  /** The slot's task is over: the worker takes the next one, or rests. */
  private release(slot: Slot<T, A>): void {
    if (slot.timer) clearTimeout(slot.timer)
    slot.timer = null
    slot.job = null
    this.pump()
    if (!slot.job) this.rest(slot)
  }

  private rest(slot: Slot<T, A>): void {
    slot.worker.unref()
    slot.timer = setTimeout(() => {
      this.slots.delete(slot)
      void slot.worker.terminate()
    }, this.options.idleMs)
    slot.timer.unref()
  }

  /** The worker is gone or must go: its task fails, and a fresh worker serves what is queued. */
  private lose(slot: Slot<T, A>, reason: StopReason, detail: string): void {
    if (!this.slots.delete(slot)) return
    if (slot.timer) clearTimeout(slot.timer)
    void slot.worker.terminate()
    slot.job?.fail(new WorkerStopped(reason, detail))
    slot.job = null
    // A worker that died before it was ready will not do better the next time (a broken
    // entry): unless another one is up, what waits fails instead of respawning for ever.
    if (!slot.ready && ![...this.slots].some((s) => s.ready)) {
      for (const job of this.queue.splice(0)) job.fail(new WorkerStopped(reason, detail))
      return
    }
    this.pump()
  }
}
