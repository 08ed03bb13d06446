import { serveTasks } from '../../threads/serve'
import { EngineError, type Payload } from './payload'
import { engine, runInQuickJs } from './quickJs'
import type { ScriptLimits } from './scriptLimits'

/** One JavaScript processor or route row to run (javaScript.ts sends it). */
export interface ScriptTask {
  code: string
  payload: Payload
  limits: ScriptLimits
}

/** The script's value, or why it could not run (an EngineError's message). */
export type ScriptAnswer = { value: unknown } | { refused: string }

// The worker thread's entry: QuickJS is loaded before the first task, outside its time limit.
serveTasks<ScriptTask, ScriptAnswer>(async ({ code, payload, limits }) => {
  try {
    return { value: await runInQuickJs(code, payload, limits) }
  } catch (err) {
    if (err instanceof EngineError) return { refused: err.message }
    throw err
  }
}, engine)
