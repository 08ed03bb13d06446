import { EngineError } from './payload'

/** How long and how much memory one JavaScript processor or route row may take. */
export interface ScriptLimits {
  timeoutMs: number
  memoryBytes: number
}
export const DEFAULT_SCRIPT_LIMITS: ScriptLimits = { timeoutMs: 1000, memoryBytes: 32 * 1024 * 1024 }

/** The one reason an operator reads for an expression stopped at its time limit, wherever it was stopped. */
export const ranTooLong = (limits: Pick<ScriptLimits, 'timeoutMs'>, who = 'JavaScript') => new EngineError(`${who} stopped: it ran longer than ${limits.timeoutMs} ms`)

export const scriptFailed = (detail: string, who = 'JavaScript', line?: number) =>
  new EngineError(`${who} failed${line === undefined ? '' : ` at line ${line}`}: ${detail}`, line)
