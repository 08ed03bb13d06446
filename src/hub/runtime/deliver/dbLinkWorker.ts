import { parentPort } from 'node:worker_threads'
import { deliver } from './dbLinkDeliver'
import type { DbLinkAnswer, DbLinkTask } from './dbLinkThread'

// The dblink delivery thread (dbLinkThread.ts): many writes at once, each answered under its id.

const port = parentPort
if (!port) throw new Error('dbLinkWorker runs in a worker thread')

/**
 * Answers that came in this turn, posted as one message at its end. The hub's thread handles
 * each port message on its own, to the end of its promise chains, before the next: the messages
 * of a group written together (dbLinkTogether.ts) answered one by one would each end, record and
 * refill alone — a store transaction and a claim per message. Answered together, they end
 * together: one transaction for their endings, one claim for the slots they free.
 */
let answers: { id: number; answer: DbLinkAnswer }[] = []
const flush = () => {
  const sent = answers
  answers = []
  port.postMessage(sent)
}

const answer = (id: number, answer: DbLinkAnswer) => {
  if (answers.push({ id, answer }) === 1) setImmediate(flush)
}

// A probe (DbLinkThread.taken) is answered at once: every write posted before it was taken.
port.on('message', ({ id, task, probe }: { id: number; task?: DbLinkTask; probe?: true }) => {
  if (probe || !task) answer(id, { ok: true })
  else void deliver(task).then((a) => answer(id, a))
})
