import { availableParallelism } from 'node:os'
import { WorkerPool, WorkerStopped } from '../../threads/pool'
import { workerEntry } from '../../threads/spawn'
import { EngineError, type Payload } from './payload'
import { DEFAULT_SCRIPT_LIMITS, ranTooLong, scriptFailed, type ScriptLimits } from './scriptLimits'
import type { ScriptAnswer, ScriptTask } from './scriptWorker'

/**
 * Past its own limit, a script's worker has this long to answer before it is terminated:
 * QuickJS is interrupted between bytecodes, not inside one long builtin, and the result is
 * read back after the script ends.
 */
const ANSWER_MARGIN_MS = 1000

/**
 * Scripts run in worker threads so that one running up to its limit holds up no request of the
 * hub. Two at least, so one script at its limit does not hold up the next either.
 */
const pool = new WorkerPool<ScriptTask, ScriptAnswer>({
  entry: workerEntry(__filename, 'scriptWorker'),
  size: Math.max(2, Math.min(4, availableParallelism())),
  idleMs: 5 * 60_000,
  // QuickJS's own heap is WebAssembly memory, bounded by limits.memoryBytes; this bounds the rest.
  resourceLimits: { maxOldGenerationSizeMb: 256 },
})

/**
 * Runs a JavaScript processor or route row in QuickJS (quickJs.ts), in a worker thread. The
 * code sees `data` (the parsed JSON payload, or the text of any other payload) and `text` (the
 * payload as received). Code with a `return` statement is a function body; other code is
 * evaluated and its last expression is the result. The result must be JSON-like.
 */
export async function runJavaScript(code: string, payload: Payload, limits: ScriptLimits = DEFAULT_SCRIPT_LIMITS): Promise<unknown> {
  let answer: ScriptAnswer
  try {
    answer = await pool.run({ code, payload, limits }, { deadlineMs: limits.timeoutMs + ANSWER_MARGIN_MS })
  } catch (err) {
    if (err instanceof WorkerStopped && err.reason === 'deadline') throw ranTooLong(limits)
    if (err instanceof WorkerStopped) throw scriptFailed(err.reason === 'outOfMemory' ? 'its worker ran out of memory' : `its worker stopped (${err.message})`)
    throw scriptFailed(err instanceof Error ? err.message : String(err))
  }
  if ('refused' in answer) throw new EngineError(answer.refused)
  return answer.value
}
