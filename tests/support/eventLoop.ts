import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'

/**
 * The longest a thread that hands its CPU work to workers may be held up on a quiet machine:
 * ~100 ms is the aim, the rest is room. Work done in the thread itself would hold it up for its
 * whole length, a second and more in the tests that use this.
 */
export const STALL_BUDGET_MS = 150

/**
 * Never more than this, however loaded the machine: still well under the second and more that
 * work done in the thread itself would hold it up, so the tests keep telling the two apart.
 */
const STALL_CEILING_MS = 600

/** How many times this run's own baseline a stall may be before it counts as work in the thread. */
const NOISE_FACTOR = 4

/** How long the baseline's stand-in work runs in its worker thread. */
const BASELINE_MS = 800

/**
 * This run's budget for a stall, from a baseline measured just before, in the same process and
 * the same shape as what the tests check: how long this thread is held up while another thread
 * of the process burns a core for BASELINE_MS (work handed to a worker, as the hub does, on this
 * machine at this moment — a busy two-core machine holds a timer up by tens or hundreds of
 * milliseconds). The budget is STALL_BUDGET_MS or NOISE_FACTOR times that, whichever is more,
 * and at most STALL_CEILING_MS. With `probe`, the baseline is its slowest answer meanwhile
 * (compare with `slowestAnswerDuring`); without, the longest gap of a 10 ms timer (compare with
 * `longestStall`).
 */
export async function stallBudget(probe?: () => Promise<unknown>): Promise<number> {
  const worker = new Worker(`const end = Date.now() + ${BASELINE_MS}; while (Date.now() < end) {}`, { eval: true })
  const busy = new Promise((resolve) => worker.once('exit', resolve))
  const noise = probe ? (await slowestAnswerDuring(busy, probe)).slowestMs : await longestStall(busy)
  return Math.min(STALL_CEILING_MS, Math.max(STALL_BUDGET_MS, NOISE_FACTOR * noise))
}

/**
 * How long this thread's event loop was held up while `work` was under way: the longest gap
 * between runs of a 10 ms timer. CPU work done in this thread shows as a gap of its length.
 */
export async function longestStall(work: Promise<unknown>): Promise<number> {
  let last = performance.now()
  let longest = 0
  const timer = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }, 10)
  await work.catch(() => {})
  clearInterval(timer)
  return Math.max(longest, performance.now() - last)
}

/**
 * The slowest answer to `probe` (a request to the hub), asked again and again while `work` is
 * under way; also how many answers came. A hub busy in its own thread answers none meanwhile.
 */
export async function slowestAnswerDuring(work: Promise<unknown>, probe: () => Promise<unknown>): Promise<{ slowestMs: number; answers: number }> {
  let settled = false
  const done = work.catch(() => {}).finally(() => (settled = true))
  let slowestMs = 0
  let answers = 0
  while (!settled) {
    const started = performance.now()
    await probe()
    slowestMs = Math.max(slowestMs, performance.now() - started)
    answers++
    await new Promise((r) => setTimeout(r, 20))
  }
  await done
  return { slowestMs, answers }
}
