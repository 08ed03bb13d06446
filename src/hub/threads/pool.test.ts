import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { longestStall, stallBudget } from '../../../tests/support/eventLoop'
import type { FixtureTask } from '../../../tests/support/threads/fixtureWorker'
import { PoolBusy, WorkerPool, WorkerStopped, type PoolOptions } from './pool'

const FIXTURE = join(__dirname, '../../../tests/support/threads/fixtureWorker.ts')
type Answer = { echo: unknown; threadId: number }

const pools: WorkerPool<FixtureTask, Answer>[] = []
const poolOf = (size: number, entry = FIXTURE, options: Partial<PoolOptions> = {}) => {
  const pool = new WorkerPool<FixtureTask, Answer>({ entry, size, idleMs: 60_000, ...options })
  pools.push(pool)
  return pool
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()))
})

describe('worker pool', () => {
  it('answers each task; a task that throws fails alone and the worker stays', async () => {
    const pool = poolOf(1)
    const first = await pool.run({ echo: { a: [1, 'x'] } })
    expect(first.echo).toEqual({ a: [1, 'x'] })
    await expect(pool.run({ throws: 'bad input' })).rejects.toThrow('bad input')
    expect((await pool.run({ echo: 2 })).threadId).toBe(first.threadId)
  })

  it('replaces a worker that crashed: its task fails, the next one runs on a fresh worker', async () => {
    const pool = poolOf(1)
    const before = await pool.run({ echo: 1 })
    const crash = pool.run({ crash: true })
    await expect(crash).rejects.toThrow(WorkerStopped)
    await expect(crash).rejects.toMatchObject({ reason: 'crashed', message: 'fixture crash' })
    const after = await pool.run({ echo: 2 })
    expect(after.echo).toBe(2)
    expect(after.threadId).not.toBe(before.threadId)
  })

  it('terminates a worker past its deadline while this thread goes on, and the next task works', async () => {
    const pool = poolOf(1)
    await pool.run({ echo: 'warm' })
    const budget = await stallBudget()
    const started = Date.now()
    const hang = pool.run({ hang: true }, { deadlineMs: 500 })
    const stall = await longestStall(hang)
    await expect(hang).rejects.toMatchObject({ name: 'WorkerStopped', reason: 'deadline' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(450)
    expect(stall).toBeLessThan(budget)
    expect((await pool.run({ echo: 'again' })).echo).toBe('again')
  })

  it('runs tasks side by side up to its size and queues the rest', async () => {
    const pool = poolOf(2)
    const hangs = [1, 2].map(() => pool.run({ hang: true }, { deadlineMs: 800 }).catch((err: unknown) => err))
    const started = Date.now()
    const queued = await pool.run({ echo: 'after' })
    // The queued task waited for a worker: both were busy until their deadline.
    expect(Date.now() - started).toBeGreaterThanOrEqual(700)
    expect(queued.echo).toBe('after')
    for (const h of hangs) expect(await h).toMatchObject({ reason: 'deadline' })
  })

  it('fails what waits when its entry cannot start, instead of starting workers for ever', async () => {
    const pool = poolOf(2, join(__dirname, 'noSuchWorker.ts'))
    const tasks = [1, 2, 3].map((echo) => pool.run({ echo }).catch((err: unknown) => err))
    for (const t of tasks) expect(await t).toMatchObject({ name: 'WorkerStopped', reason: 'crashed' })
  })

  it('serves waiting tasks a share at a time, so one share\'s backlog does not hold up another\'s task', async () => {
    const pool = poolOf(1)
    const order: string[] = []
    const runAs = (share: string, name: string) => pool.run({ echo: name }, { share }).then(() => order.push(name))
    // All queued before the worker is up: the order below is the pool's, not the clock's.
    const tasks = [runAs('a', 'a1'), runAs('a', 'a2'), runAs('a', 'a3'), runAs('a', 'a4'), runAs('b', 'b1')]
    await Promise.all(tasks)
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3', 'a4'])
  })

  it('keeps workers beyond a share\'s slots for the other shares', async () => {
    const pool = poolOf(2, FIXTURE, { slotsPerShare: 1 })
    await pool.warm(2)
    const order: string[] = []
    const hang = pool.run({ hang: true }, { share: 'a', deadlineMs: 1500 }).catch(() => order.push('a hang'))
    const a = pool.run({ echo: 'a' }, { share: 'a' }).then(() => order.push('a'))
    const b = pool.run({ echo: 'b' }, { share: 'b' }).then(() => order.push('b'))
    await Promise.all([hang, a, b])
    // b ran on the second worker at once; a's second task waited for a's first, a worker free or not.
    expect(order).toEqual(['b', 'a hang', 'a'])
  })

  it('refuses a task when its share already has as many waiting as its caller allows', async () => {
    const pool = poolOf(1)
    const first = [1, 2].map((echo) => pool.run({ echo }, { share: 'a', queueLimit: 2 }))
    await expect(pool.run({ echo: 3 }, { share: 'a', queueLimit: 2 })).rejects.toThrow(PoolBusy)
    expect((await pool.run({ echo: 'other' }, { share: 'b', queueLimit: 2 })).echo).toBe('other')
    expect((await Promise.all(first)).map((a) => a.echo)).toEqual([1, 2])
    expect(pool.load().size).toBe(0)
  })
})
