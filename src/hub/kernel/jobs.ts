import { reasonOf } from './deliveryError'

/**
 * The hub's periodic jobs in one place (issue 34): the retention pass, the alarm watch … each
 * registered by the area that owns it, where the hub is composed (server.ts startHub), and started
 * and stopped with the hub context (HubContext.jobs), so no area keeps a timer of its own and a
 * hub that stops leaves none running.
 *
 * A job runs once at start, then again `everyMs` after each run ended: a slow run is never
 * overlapped by the next. A run that fails is logged and the job goes on.
 */
export interface Job {
  /** For the log: "the <name> job failed: …". */
  name: string
  everyMs: number
  run(now: number): Promise<unknown>
  /** Once, when the runner stops, after the job's last run ended (a node leaving, say). */
  stop?(): Promise<void>
}

export interface JobsRunner {
  /** Adds a job; one added after start runs at once. */
  register(job: Job): void
  start(): void
  /** Stops every timer, waits for the runs under way, then stops each job in turn. */
  stop(): Promise<void>
}

export function createJobsRunner(log: (line: string) => void): JobsRunner {
  const jobs: Job[] = []
  const timers = new Map<Job, NodeJS.Timeout>()
  const running = new Set<Promise<void>>()
  let started = false
  let stopped = false

  const runOnce = (job: Job) => {
    const run = (async () => {
      try {
        await job.run(Date.now())
      } catch (err) {
        log(`[jobs] the ${job.name} job failed: ${reasonOf(err)}`)
      }
    })()
    running.add(run)
    void run.finally(() => {
      running.delete(run)
      if (!stopped) timers.set(job, setTimeout(() => runOnce(job), job.everyMs))
    })
  }

  return {
    register(job) {
      if (stopped) throw new Error(`the job ${job.name} is registered after the hub's jobs stopped`)
      jobs.push(job)
      if (started) runOnce(job)
    },
    start() {
      if (started || stopped) return
      started = true
      for (const job of jobs) runOnce(job)
    },
    async stop() {
      if (stopped) return
      stopped = true
      for (const timer of timers.values()) clearTimeout(timer)
      await Promise.all(running)
      for (const job of jobs) await job.stop?.().catch((err: unknown) => log(`[jobs] stopping the ${job.name} job failed: ${reasonOf(err)}`))
    },
  }
}
