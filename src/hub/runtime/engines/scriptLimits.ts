import { EngineError } from './payload'

/** How long and how much memory one JavaScript processor or route row may take. */
export interface ScriptLimits {
  timeoutMs: number
  memoryBytes: number
}
export const DEFAULT_SCRIPT_LIMITS: ScriptLimits = { timeoutMs: 1000, memoryBytes: 32 * 1024 * 1024 }

/** The one reason an operator reads for a script stopped at its time limit, wherever it was stopped. */
export const ranTooLong = (limits: ScriptLimits) => new EngineError(`JavaScript stopped: it ran longer than ${limits.timeoutMs} ms`)

export const scriptFailed = (detail: string) => new EngineError(`JavaScript failed: ${detail}`)
