import { decodeText, encodeText, keyed } from '../../text/keyedText'
import { POSITIVE_INTEGER } from '../../../shared/rules/patterns'
/** A consumer's retry settings (spec §3: retriable, retryNum, retryTimeInterval). */
export interface RetrySetting {
  retriable: string
  retryNum: string
  retryTimeInterval: string
}

export interface RetryPlan {
  /** Tries in all: the first one plus retryNum retries when retriable is '1'. */
  maxAttempts: number
  /** Base wait before a retry. */
  intervalMs: number
}

/** The spec gives no unit for retryTimeInterval; the hub reads it as seconds. */
export const RETRY_UNIT_MS = 1000
/** When retry is on but the interval is missing or unreadable. */
const FALLBACK_INTERVAL = 30

const positive = (text: string): number | null => (POSITIVE_INTEGER.test(text.trim()) ? Number(text.trim()) : null)

export function retryPlan(setting: RetrySetting, unitMs: number = RETRY_UNIT_MS): RetryPlan {
  if (setting.retriable !== '1') return { maxAttempts: 1, intervalMs: 0 }
  const retries = positive(setting.retryNum) ?? 0
  return { maxAttempts: 1 + retries, intervalMs: (positive(setting.retryTimeInterval) ?? FALLBACK_INTERVAL) * unitMs }
}

/**
 * Wait before the next try: the interval with ±20 % jitter, so deliveries that failed together
 * (a receiver restarting) do not all come back in the same instant.
 */
export function retryDelayMs(plan: RetryPlan, random: () => number = Math.random): number {
  return Math.max(0, Math.round(plan.intervalMs * (0.8 + 0.4 * random())))
}

/** How a failed try ends: due again after the wait, or dead once the tries are used up. */
export type FailedTryOutcome = { kind: 'retry'; error: string; nextAt: number } | { kind: 'dead'; error: string }

/**
 * The one retry policy of every delivery, pushed or pulled: try `attempts` failed with `error`;
 * `permanent` means trying again cannot help, so it ends dead at once.
 */
export function afterFailedTry(setting: RetrySetting, unitMs: number, attempts: number, error: string, permanent = false, now: number = Date.now()): FailedTryOutcome {
  const plan = retryPlan(setting, unitMs)
  if (permanent || attempts >= plan.maxAttempts) {
    return { kind: 'dead', error: permanent || plan.maxAttempts === 1 ? error : encodeText(keyed('msg_exchange_gave_up', { reason: decodeText(error), tries: attempts })) }
  }
  return { kind: 'retry', error, nextAt: now + retryDelayMs(plan) }
}
