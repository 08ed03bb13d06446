import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { producerServerApi } from '../../src/shared/contract/datahub/runtime'
import { routePattern } from '../../src/shared/endpoint'
import type { ProducerInput } from '../../src/shared/contract/datahub/producer'
import { slowestAnswerDuring } from '../support/eventLoop'
import { storeTargets } from '../support/stores'
import { openBench, type Bench } from '../integration/datahub/support'
import { openFlow, push } from '../integration/runtime/support'

/**
 * Issue 21, finding 3 and the script memory finding: an anonymous 104 KB push made the hub
 * select `//item` over 8,000 nested items on its own thread (22 s) and store a 416 MB row; the
 * same nesting as JSON under `$..item` answered 5000; a script allocating arrays in a loop went
 * past its 32 MB to 1.1 GB. Each is now refused with a code and a translated message.
 */
const sqlite = (await storeTargets()).find((t) => t.name === 'sqlite')!

type Envelope = { code: string; message: string }
const nested = (open: string, close: string, depth: number, inner = '') => open.repeat(depth) + inner + close.repeat(depth)

describe('processor limits (issue 21)', () => {
  let b: Bench
  beforeAll(async () => {
    b = await openBench(sqlite)
  })
  afterAll(async () => {
    await b?.close()
  })

  const flowWith = (dataFormat: string, pre: Partial<ProducerInput>) => openFlow(b, { topic: { dataFormat }, producer: { preProcessorEnabled: '1', ...pre }, consumers: [] })
  const storedOf = async (topicCode: string) =>
    (await b.hub.store.db.withTables<{ dh_messages: { topic_code: string } }>().selectFrom('dh_messages').select('topic_code').where('topic_code', '=', topicCode).execute()).length
  /** The raw body, so that data nested thousands deep need not pass through JSON.stringify here. */
  const pushText = async (topicCode: string, dataJson: string, locale = 'zh-CN') => {
    const answer = await b.hub.app.inject({
      method: 'POST',
      url: routePattern(producerServerApi),
      payload: `{"topicCode":${JSON.stringify(topicCode)},"data":${dataJson}}`,
      headers: { 'content-type': 'application/json', 'accept-language': locale },
    })
    expect(answer.statusCode).toBe(200)
    return answer.json<Envelope>()
  }

  it('refuses the probe\'s push (8,000 nested <item> under XPath //item) with a code, stores nothing and logs nothing', async () => {
    const flow = await flowWith('xml', { preProcessorType: 'XPath', preProcessorExpression: '//item' })
    const logged = b.hub.logs.length
    const data = nested('<item>', '</item>', 8000)
    const answer = await push(b, flow.topic.code, data)
    expect(answer.body).toMatchObject({ code: '4001', message: '消息数据的嵌套层级超过 256 层' })
    expect((await push(b, flow.topic.code, data, {}, 'en')).body.message).toBe('The message data is nested deeper than 256 levels')
    expect(await storedOf(flow.topic.code)).toBe(0)
    expect(b.hub.logs.slice(logged)).toEqual([])
  })

  it('refuses JSON nested 8,000 deep under JsonPath $..item with a code, not a system error, and logs nothing', async () => {
    const flow = await flowWith('json', { preProcessorType: 'JsonPath', preProcessorExpression: '$..item' })
    const logged = b.hub.logs.length
    const deep = nested('{"item":', '}', 8000, '1')
    expect(await pushText(flow.topic.code, deep)).toMatchObject({ code: '4001', message: '消息数据的嵌套层级超过 256 层' })
    // The same data as JSON text in a string.
    expect(await pushText(flow.topic.code, JSON.stringify(deep), 'en')).toMatchObject({ code: '4001', message: 'The message data is nested deeper than 256 levels' })
    expect(await storedOf(flow.topic.code)).toBe(0)
    expect(b.hub.logs.slice(logged)).toEqual([])
  })

  it('runs XPath off the hub\'s thread: a quadratic path is stopped at the time limit while /api/health keeps answering', async () => {
    const flow = await flowWith('xml', { preProcessorType: 'XPath', preProcessorExpression: '//item[count(preceding::item) + count(following::item) > 0]' })
    // ~21 KB; this path takes seconds over it, all of them on the hub's thread before the fix.
    const pushed = push(b, flow.topic.code, `<r>${'<item/>'.repeat(2000)}</r>`)
    const meanwhile = await slowestAnswerDuring(pushed, () => b.hub.app.inject({ method: 'GET', url: '/api/health' }))
    expect(meanwhile.answers).toBeGreaterThan(3)
    const answer = await pushed
    expect(answer.body.code).toBe('4001')
    expect(answer.body.message).toBe('前置处理失败：XPath stopped: it ran longer than 1000 ms')
  })

  it('refuses a processor result over 8 MB (XPath //item over nested items holding text), storing nothing', async () => {
    const flow = await flowWith('xml', { preProcessorType: 'XPath', preProcessorExpression: '//item' })
    // 60 KB of data; //item repeats it at each of the 200 levels: 12 MB.
    const answer = await push(b, flow.topic.code, nested('<item>', '</item>', 200, 'x'.repeat(60_000)))
    expect(answer.body).toMatchObject({ code: '4130', message: '处理器的结果超过 8 MB，消息已被拒绝' })
    expect(await storedOf(flow.topic.code)).toBe(0)
  })

  it('refuses a JsonPath or JavaScript result over 8 MB the same way', async () => {
    const jsonPath = await flowWith('json', { preProcessorType: 'JsonPath', preProcessorExpression: '$..item' })
    const answer = await pushText(jsonPath.topic.code, nested('{"item":', '}', 200, JSON.stringify('x'.repeat(60_000))), 'en')
    expect(answer).toMatchObject({ code: '4130', message: 'The processor\'s result is larger than 8 MB; the message was refused' })
    const script = await flowWith('json', { preProcessorType: 'JavaScript', preProcessorExpression: 'return "x".repeat(9 * 1024 * 1024)' })
    expect((await push(b, script.topic.code, { a: 1 })).body).toMatchObject({ code: '4130', message: '处理器的结果超过 8 MB，消息已被拒绝' })
    expect(await storedOf(jsonPath.topic.code) + (await storedOf(script.topic.code))).toBe(0)
  })

  it('stops a script that allocates arrays in a loop at its 32 MB, with the memory limit\'s message', async () => {
    // A hub whose scripts may run a minute: on a loaded machine a second of wall clock can pass
    // before 32 MB are allocated, and this test is about memory, not time.
    const roomy = await openBench(sqlite, { runtime: { script: { timeoutMs: 60_000, memoryBytes: 32 * 1024 * 1024 } } })
    try {
      const flow = await openFlow(roomy, { topic: { dataFormat: 'json' }, producer: { preProcessorEnabled: '1', preProcessorType: 'JavaScript', preProcessorExpression: 'const a = []; while (true) a.push(new Array(100000).fill(1))' }, consumers: [] })
      const answer = await push(roomy, flow.topic.code, { a: 1 })
      expect(answer.body).toMatchObject({ code: '4130', message: '处理器已被停止：所需内存超过 32 MB' })
      expect((await push(roomy, flow.topic.code, { a: 1 }, {}, 'en')).body.message).toBe('The processor was stopped: it needed more than 32 MB of memory')
      // The worker that ran it serves the next script as before.
      const next = await openFlow(roomy, { topic: { dataFormat: 'json' }, producer: { preProcessorEnabled: '1', preProcessorType: 'JavaScript', preProcessorExpression: 'return { n: data.a + 1 }' }, consumers: [] })
      expect((await push(roomy, next.topic.code, { a: 1 })).body.code).toBe('2000')
    } finally {
      await roomy.close()
    }
  })

  it('leaves normal nesting and results alone', async () => {
    const xml = await flowWith('xml', { preProcessorType: 'XPath', preProcessorExpression: '//item' })
    expect((await push(b, xml.topic.code, nested('<item>', '</item>', 50))).body.code).toBe('2000')
    const json = await flowWith('json', { preProcessorType: 'JsonPath', preProcessorExpression: '$..item' })
    expect((await pushText(json.topic.code, nested('{"item":', '}', 256, '1'))).code).toBe('2000')
  })
})
