import { parentPort } from 'node:worker_threads'

/** What the pool sends a worker: one task at a time. */
export interface TaskMessage<T> {
  id: number
  task: T
}

/** What a worker sends back: that it is ready, then one answer (or failure) per task. */
export type WorkerMessage<A> = { ready: true } | { id: number; answer: A } | { id: number; failed: string }

/**
 * The worker's side of a pool (pool.ts): `warmUp` runs first (loading an engine is not part
 * of any task's time limit), then each task's answer goes back under its id. A handler that
 * throws answers `failed` with the reason; the worker stays up for the next task.
 */
export function serveTasks<T, A>(handle: (task: T) => A | Promise<A>, warmUp: () => unknown = () => undefined): void {
  const port = parentPort
  if (!port) throw new Error('serveTasks runs in a worker thread')
  port.on('message', async ({ id, task }: TaskMessage<T>) => {
    let message: WorkerMessage<A>
    try {
      message = { id, answer: await handle(task) }
      port.postMessage(message)
    } catch (err) {
      // A throwing handler, or an answer that cannot be cloned.
      message = { id, failed: err instanceof Error ? err.message : String(err) }
      port.postMessage(message)
    }
  })
  void Promise.resolve(warmUp()).then(() => port.postMessage({ ready: true } satisfies WorkerMessage<A>))
}
