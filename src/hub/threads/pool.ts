import type { ResourceLimits, TransferListItem, Worker } from 'node:worker_threads'
import type { TaskMessage, WorkerMessage } from './serve'
import { spawnWorker } from './spawn'

/**
 * A few worker threads for CPU work that would otherwise hold up every request of the hub
 * (scripts, workbook parsing). Workers start when work arrives, take one task at a time, and
 * leave after a while without work; an idle worker does not keep the process alive.
 */
export interface PoolOptions {
  /** What the pool is for (scripts, workbooks…): a named pool is listed by workerPools (the hub's metrics). */
  name?: string
  /** The worker's entry module (spawn.ts: workerEntry); it calls serveTasks. */
  entry: string
  /** Most workers at once. */
  size: number
  /** A worker without work for this long exits, and its memory with it. */
  idleMs: number
  resourceLimits?: ResourceLimits
  /**
   * Most workers one share (RunOptions.share) may hold at once; the others stay for other
   * shares. Default: all of them.
   */
  slotsPerShare?: number
}

export type StopReason = 'deadline' | 'outOfMemory' | 'crashed'

/** The task's share already has as many tasks waiting as its caller allows (RunOptions.queueLimit). */
export class PoolBusy extends Error {
  override name = 'PoolBusy'
}

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

/** A worker the pool lost (it crashed, ran out of memory or overran its deadline): the next task gets a fresh one. */
export interface WorkerLoss {
  /** The pool's worker entry (which kind of work). */
  entry: string
  reason: StopReason
  detail: string
}
const lossListeners = new Set<(loss: WorkerLoss) => void>()

/**
 * Hears every worker loss of every pool of this process (the pools are shared by the hubs of a
 * process; each hub puts them in its system log, app.ts). Returns the unsubscribe.
 */
export function onWorkerLost(listener: (loss: WorkerLoss) => void): () => void {
  lossListeners.add(listener)
  return () => void lossListeners.delete(listener)
}

export interface RunOptions {
  /** The worker is terminated when it has not answered this long after taking the task. */
  deadlineMs?: number
  /** Buffers moved to the worker instead of copied (they are unusable here afterwards). */
  transfer?: TransferListItem[]
  /**
   * Whose work this is (a topic, say). Waiting tasks are served one share at a time, in turn,
   * so one share's backlog does not hold up the next share's task. Default: ''.
   */
  share?: string
  /** The task is refused (PoolBusy) when this many of its share's tasks already wait. */
  queueLimit?: number
}

interface Job<T, A> extends RunOptions {
  id: number
  share: string
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
  /** Settles when the worker is ready, or gone before it was. */
  up: Promise<void>
  settleUp(): void
}

/** What a pool holds now, for monitoring. */
export interface PoolStats {
  name: string
  /** Most workers at once. */
  size: number
  /** Workers started (ready or starting). */
  workers: number
  /** Workers running a task. */
  busy: number
  /** Tasks waiting for a worker. */
  waiting: number
}

/** The named pools of this process: modules make theirs once, at load, and keep it. */
const named = new Set<WorkerPool<unknown, unknown>>()

/** What every named pool of the process holds now. */
export const workerPools = (): PoolStats[] => [...named].map((p) => p.stats())

export class WorkerPool<T, A> {
  private readonly slots = new Set<Slot<T, A>>()
  /** Waiting tasks per share; a share goes to the back of the map when one of its tasks starts. */
  private readonly queues = new Map<string, Job<T, A>[]>()
  private nextId = 1
  private closing = false

  constructor(private readonly options: PoolOptions) {
    if (options.name) named.add(this as WorkerPool<unknown, unknown>)
  }

  stats(): PoolStats {
    let busy = 0
    for (const slot of this.slots) if (slot.job) busy++
    let waiting = 0
    for (const jobs of this.queues.values()) waiting += jobs.length
    return { name: this.options.name ?? '', size: this.options.size, workers: this.slots.size, busy, waiting }
  }

  run(task: T, options: RunOptions = {}): Promise<A> {
    const share = options.share ?? ''
    const waiting = this.queues.get(share)
    if (options.queueLimit !== undefined && (waiting?.length ?? 0) >= options.queueLimit) {
      return Promise.reject(new PoolBusy(`${waiting?.length ?? 0} tasks of '${share}' are already waiting`))
    }
    return new Promise<A>((done, fail) => {
      const job = { ...options, id: this.nextId++, share, task, done, fail }
      if (waiting) waiting.push(job)
      else this.queues.set(share, [job])
      this.pump()
    })
  }

  /**
   * Starts workers until `count` are up (at most the pool's size) and waits until they are
   * ready: work that comes next finds them, instead of waiting for one to start.
   */
  async warm(count: number): Promise<void> {
    while (this.slots.size < Math.min(count, this.options.size)) this.start()
    await Promise.all([...this.slots].map((s) => s.up))
  }

  /** Tasks running and waiting, per share: what a caller (or a test) can see of the load. */
  load(): Map<string, { running: number; waiting: number }> {
    const load = new Map<string, { running: number; waiting: number }>()
    const of = (share: string) => load.get(share) ?? load.set(share, { running: 0, waiting: 0 }).get(share)!
    for (const slot of this.slots) if (slot.job) of(slot.job.share).running++
    for (const [share, jobs] of this.queues) of(share).waiting += jobs.length
    return load
  }

  /** Stops every worker; queued tasks and tasks in flight fail. */
  async close(): Promise<void> {
    this.closing = true
    // The queue first: losing a worker would otherwise start another for what waits.
    this.failWaiting(new WorkerStopped('crashed', 'the pool was closed'))
    const slots = [...this.slots]
    for (const slot of slots) this.lose(slot, 'crashed', 'the pool was closed')
    await Promise.all(slots.map((s) => s.worker.terminate()))
    this.closing = false
  }

  private failWaiting(error: Error): void {
    const jobs = [...this.queues.values()].flat()
    this.queues.clear()
    for (const job of jobs) job.fail(error)
  }

  private running(share: string): number {
    let n = 0
    for (const slot of this.slots) if (slot.job?.share === share) n++
    return n
  }

  /** Waiting tasks that may start now: those of shares below their slots. */
  private startable(): number {
    const cap = this.options.slotsPerShare ?? this.options.size
    let n = 0
    for (const [share, jobs] of this.queues) n += Math.min(jobs.length, Math.max(0, cap - this.running(share)))
    return n
  }

  /** The next task to start: the first share in turn that is below its slots; it goes to the back. */
  private take(): Job<T, A> | undefined {
    const cap = this.options.slotsPerShare ?? this.options.size
    for (const [share, jobs] of this.queues) {
      if (this.running(share) >= cap) continue
      const job = jobs.shift()!
      this.queues.delete(share)
      if (jobs.length > 0) this.queues.set(share, jobs)
      return job
    }
    return undefined
  }

  private pump(): void {
    for (;;) {
      const startable = this.startable()
      if (startable === 0) return
      const slots = [...this.slots]
      const free = slots.find((s) => s.ready && !s.job)
      if (free) {
        this.dispatch(free, this.take()!)
      } else if (slots.filter((s) => !s.ready).length < startable && slots.length < this.options.size) {
        this.start()
      } else {
        return
      }
    }
  }

  private start(): void {
    let settleUp = () => {}
    const up = new Promise<void>((done) => (settleUp = done))
    const slot: Slot<T, A> = { worker: spawnWorker(this.options.entry, this.options.resourceLimits), ready: false, job: null, timer: null, up, settleUp }
    this.slots.add(slot)
    slot.worker.on('message', (message: WorkerMessage<A>) => {
      if ('ready' in message) {
        slot.ready = true
        slot.settleUp()
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
    slot.settleUp()
    if (slot.timer) clearTimeout(slot.timer)
    void slot.worker.terminate()
    slot.job?.fail(new WorkerStopped(reason, detail))
    slot.job = null
    if (!this.closing) for (const listener of lossListeners) listener({ entry: this.options.entry, reason, detail })
    // A worker that died before it was ready will not do better the next time (a broken
    // entry): unless another one is up, what waits fails instead of respawning for ever.
    if (!slot.ready && ![...this.slots].some((s) => s.ready)) {
      this.failWaiting(new WorkerStopped(reason, detail))
      return
    }
    this.pump()
  }
}
