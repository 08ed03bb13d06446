import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { scriptLoad, warmScriptWorkers } from '../../src/hub/runtime/engines/scriptPool'
import { storeTargets } from '../support/stores'
import { openBench, type Bench } from '../integration/datahub/support'
import { openFlow, push } from '../integration/runtime/support'

/**
 * Issue 21: the script workers' queue was one queue for every topic, without a bound, so 24
 * busy scripts of one topic held up another topic's push for 11.7 s. Topics now take turns,
 * one topic never holds every worker, and a topic's pushes wait behind at most 16 of its own.
 */
const sqlite = (await storeTargets()).find((t) => t.name === 'sqlite')!

/** A pre-processor that keeps its worker for half a second, well within the 1 s limit. */
const BUSY = 'const started = Date.now(); while (Date.now() - started < 500) {} return data'

describe('script workers are shared fairly between topics (issue 21)', () => {
  let b: Bench
  beforeAll(async () => {
    b = await openBench(sqlite)
    // Every worker up: what is measured below is the queue's order, not start-up time.
    await warmScriptWorkers(Number.MAX_SAFE_INTEGER)
  })
  afterAll(async () => {
    await b?.close()
  })

  const scriptFlow = (expression: string) =>
    openFlow(b, { topic: { dataFormat: 'json' }, producer: { preProcessorEnabled: '1', preProcessorType: 'JavaScript', preProcessorExpression: expression }, consumers: [] })

  it('serves another topic\'s push next while one topic\'s scripts fill the pool, and refuses that topic\'s pushes past its bound as busy', async () => {
    const busy = await scriptFlow(BUSY)
    const quiet = await scriptFlow('return { seen: data.n }')
    const finished: string[] = []
    const busyPushes = Array.from({ length: 30 }, (_, n) =>
      push(b, busy.topic.code, { n }).then((answer) => {
        finished.push(answer.body.code)
        return answer.body
      }),
    )
    // The busy topic's backlog is queued before the other topic pushes.
    const waiting = () => [...scriptLoad().values()].reduce((n, load) => n + load.waiting, 0)
    await vi.waitFor(() => expect(waiting()).toBeGreaterThanOrEqual(10), { timeout: 20_000, interval: 10 })

    const quietAnswer = await push(b, quiet.topic.code, { n: 1 })
    const busyDoneBefore = finished.filter((code) => code === '2000').length
    expect(quietAnswer.body.code).toBe('2000')
    // Before: it waited for the whole backlog. Now it starts on the worker no topic may take
    // whole; at most the busy scripts already running end meanwhile.
    expect(busyDoneBefore).toBeLessThanOrEqual(4)

    const answers = await Promise.all(busyPushes)
    expect(answers.filter((a) => a.code === '2000').length).toBeGreaterThan(10)
    const refused = answers.filter((a) => a.code !== '2000')
    expect(refused.length).toBeGreaterThan(0)
    for (const r of refused) expect(r).toMatchObject({ code: '4290', message: `消息主题 ${busy.topic.code} 等待处理器运行的消息过多，请稍后重试` })
  })
})
