import { describe, expect, it } from 'vitest'
import { createJobsRunner } from './jobs'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A promise the test awaits and a run resolves: the count it needs, not a time it hopes is enough. */
function reached() {
  let done!: () => void
  const promise = new Promise<void>((resolve) => (done = resolve))
  return { promise, done }
}

describe('the jobs runner', () => {
  it('runs each job at start, then again after its interval, never two runs of one job at once', async () => {
    const jobs = createJobsRunner(() => {})
    let runs = 0
    let overlapping = 0
    let inRun = false
    const third = reached()
    jobs.register({
      name: 'slow',
      everyMs: 5,
      run: async () => {
        if (inRun) overlapping++
        inRun = true
        runs++
        if (runs === 3) third.done()
        await sleep(20)
        inRun = false
      },
    })
    expect(runs).toBe(0)
    jobs.start()
    expect(runs).toBe(1)
    await third.promise
    await jobs.stop()
    expect(runs).toBeGreaterThanOrEqual(3)
    expect(overlapping).toBe(0)
  })

  it('logs a failed run and runs the job again', async () => {
    const logs: string[] = []
    const jobs = createJobsRunner((line) => logs.push(line))
    let runs = 0
    const second = reached()
    jobs.register({
      name: 'retention',
      everyMs: 5,
      run: async () => {
        runs++
        if (runs === 2) second.done()
        throw new Error('store locked')
      },
    })
    jobs.start()
    await second.promise
    await jobs.stop()
    expect(runs).toBeGreaterThanOrEqual(2)
    expect(logs[0]).toBe('[jobs] the retention job failed: store locked')
  })

  it('stops: waits for the run under way, then stops each job, and runs nothing after', async () => {
    const jobs = createJobsRunner(() => {})
    const seen: string[] = []
    jobs.register({
      name: 'watch',
      everyMs: 5,
      run: async () => {
        seen.push('run')
        await sleep(30)
        seen.push('ran')
      },
      stop: async () => void seen.push('stopped'),
    })
    jobs.start()
    await jobs.stop()
    await sleep(40)
    expect(seen).toEqual(['run', 'ran', 'stopped'])
  })
})
