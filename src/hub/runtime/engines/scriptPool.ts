import { availableParallelism } from 'node:os'
import { PoolBusy, WorkerPool, WorkerStopped } from '../../threads/pool'
import { workerEntry } from '../../threads/spawn'
import { busy, EngineLimit, outOfMemory } from './limits'
import { EngineError } from './payload'
import { ranTooLong, scriptFailed } from './scriptLimits'
import type { ScriptAnswer, ScriptTask } from './scriptTasks'

/**
 * Past its own limit, a task's worker has this long to answer before it is terminated:
 * QuickJS is interrupted between bytecodes, not inside one long builtin, and the result is
 * read back after the script ends. JsonPath and XPath cannot be interrupted at all: their
 * limit is this deadline, at which the worker is terminated.
 */
const ANSWER_MARGIN_MS = 1000
/** Reading a pushed XML document is not a processor: the longest push (2 MB) may take seconds on a busy machine. */
const CHECK_XML_MS = 10_000
/**
 * Each worker's own heap (JsonPath and XPath work there; QuickJS's memory is WebAssembly
 * memory, bounded per script in quickJs.ts). A worker past it is stopped, not the hub.
 */
const WORKER_HEAP_MB = 256
/** Workers one topic may hold: two at least, so one script at its limit does not hold up the next either. */
const PER_TOPIC = Math.max(2, Math.min(4, availableParallelism()))

/**
 * Expressions run in worker threads so that one running up to its limit holds up no request of
 * the hub. One worker more than a topic may hold: a topic's backlog never holds them all, and
 * another topic's message starts at once (waiting ones are then served a topic at a time).
 */
const pool = new WorkerPool<ScriptTask, ScriptAnswer>({
  name: 'scripts',
  entry: workerEntry(__filename, 'scriptWorker'),
  size: PER_TOPIC + 1,
  idleMs: 5 * 60_000,
  resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
  slotsPerShare: PER_TOPIC,
})

/** Whose message a task is about: its topic gets its turn among the others. */
export interface ScriptOwner {
  topicCode: string
  /**
   * A push is refused as busy when this many of its topic's tasks already wait. Deliveries
   * leave it out: the delivery worker bounds them itself, and a refusal would cost a try.
   */
  waitLimit?: number
}

/** Starts script workers until `count` are up, and waits until they are ready. */
export const warmScriptWorkers = (count: number) => pool.warm(count)

/** Tasks running and waiting per topic (share ''): the load a test or an operator can look at. */
export const scriptLoad = () => pool.load()

const whoOf = (task: ScriptTask): string =>
  task.kind === 'process' ? task.type : task.kind === 'match' || task.kind === 'count' ? task.syntax : task.kind === 'checkXml' ? 'XML parsing' : 'JavaScript'

/** Runs a task in a script worker: its value, or an EngineError (an EngineLimit at a bound). */
export async function inScriptWorker(task: ScriptTask, owner?: ScriptOwner): Promise<unknown> {
  let answer: ScriptAnswer
  try {
    const deadlineMs = task.kind === 'checkXml' ? CHECK_XML_MS : task.limits.timeoutMs + ANSWER_MARGIN_MS
    answer = await pool.run(task, { deadlineMs, share: owner?.topicCode ?? '', queueLimit: owner?.waitLimit })
  } catch (err) {
    if (err instanceof PoolBusy) throw busy(owner?.topicCode ?? '')
    if (err instanceof WorkerStopped && err.reason === 'deadline') throw ranTooLong(task.kind === 'checkXml' ? { timeoutMs: CHECK_XML_MS } : task.limits, whoOf(task))
    if (err instanceof WorkerStopped && err.reason === 'outOfMemory') throw outOfMemory(WORKER_HEAP_MB * 1024 * 1024, whoOf(task))
    if (err instanceof WorkerStopped) throw scriptFailed(`its worker stopped (${err.message})`, whoOf(task))
    throw scriptFailed(err instanceof Error ? err.message : String(err), whoOf(task))
  }
  if ('refused' in answer) throw answer.limit ? new EngineLimit(answer.limit, answer.refused) : new EngineError(answer.refused, answer.line)
  return answer.value
}
