import { parentPort } from 'node:worker_threads'
import { deliver } from './dbLinkDeliver'
import type { DbLinkTask } from './dbLinkThread'

// The dblink delivery thread (dbLinkThread.ts): many writes at once, each answered under its id.

const port = parentPort
if (!port) throw new Error('dbLinkWorker runs in a worker thread')
port.on('message', ({ id, task }: { id: number; task: DbLinkTask }) => {
  void deliver(task).then((answer) => port.postMessage({ id, answer }))
})
