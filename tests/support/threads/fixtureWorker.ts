import { threadId } from 'node:worker_threads'
import { serveTasks } from '../../../src/hub/threads/serve'

/** A worker entry for the pool's tests: each task says how this worker should behave. */
export type FixtureTask = { echo: unknown } | { hang: true } | { crash: true } | { throws: string }

serveTasks<FixtureTask, { echo: unknown; threadId: number }>((task) => {
  if ('hang' in task) for (;;);
  if ('crash' in task) {
    // Thrown outside the handler: nothing catches it, the thread dies.
    setImmediate(() => {
      throw new Error('fixture crash')
    })
    return new Promise(() => {})
  }
  if ('throws' in task) throw new Error(task.throws)
  return { echo: task.echo, threadId }
})
