import { afterAll, beforeAll, expect, it } from 'vitest'
import { authenticationCreate } from '../../../src/shared/contract/datahub/authentication'
import { producerCreate } from '../../../src/shared/contract/datahub/producer'
import { producerServerApi } from '../../../src/shared/contract/datahub/runtime'
import { routePattern } from '../../../src/shared/endpoint'
import * as topicContract from '../../../src/shared/contract/datahub/topic'
import { slowestAnswerDuring, stallBudget } from '../../support/eventLoop'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { deliveriesOf, openFlow, push, pushOk } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'exchange runtime: ingress POST /producer/serverApi', (target) => {
  let b: Bench
  beforeAll(async () => {
    b = await openBench(target)
  })
  afterAll(async () => {
    await b?.close()
  })

  it('refuses a stopped producer, a disabled topic and an unknown topic, in the caller\'s language', async () => {
    const flow = await openFlow(b, { consumers: [], start: false })
    const stopped = await push(b, flow.topic.code, { a: 1 })
    expect(stopped.status).toBe(200)
    expect(stopped.body).toMatchObject({ code: '4090', message: `消息主题 ${flow.topic.code} 的生产者未启用，暂不接收数据` })
    expect((await push(b, flow.topic.code, { a: 1 }, {}, 'en')).body.message).toBe(`The producer of topic ${flow.topic.code} is disabled and accepts no data`)
    await b.ok(topicContract.topicDisableOrEnable, { id: flow.topic.id })
    expect((await push(b, flow.topic.code, { a: 1 })).body).toMatchObject({ code: '4090', message: `消息主题 ${flow.topic.code} 未启用，暂不接收数据` })
    // An unknown topic is named, so the integrator sees which code they got wrong.
    expect((await push(b, 'no.such.topic', { a: 1 })).body).toMatchObject({ code: '4040', message: '消息主题“no.such.topic”不存在' })
    expect((await push(b, ' no.such.topic ', { a: 1 }, {}, 'en')).body).toMatchObject({ code: '4040', message: 'Topic "no.such.topic" does not exist' })
    expect((await push(b, '', { a: 1 })).body.code).toBe('4001')
  })

  it('checks the producer\'s API authentication: no token and a wrong token are refused, the right one passes', async () => {
    await b.ok(authenticationCreate, { appCode: 'crm', authenName: 'static-key', authenType: '1', tokenKey: 'X-Api-Token', tokenValue: 's3cret-token' })
    const flow = await openFlow(b, {
      producer: { apiRequestInfoModel: { apiAddr: '/producer/serverApi', authorization: { display: '1', appCode: 'crm', selectedAuth: 'static-key' } } },
      consumers: [],
    })
    expect((await push(b, flow.topic.code, { a: 1 })).body).toMatchObject({ code: '4031', message: '认证失败：请求未携带有效的令牌' })
    expect((await push(b, flow.topic.code, { a: 1 }, { 'X-Api-Token': 's3cret-tokeN' })).body.code).toBe('4031')
    await pushOk(b, flow.topic.code, { a: 1 }, { 'X-Api-Token': 's3cret-token' })
  })

  it('validates the data against the topic\'s format and schema', async () => {
    const schema = JSON.stringify({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } })
    const json = await openFlow(b, { topic: { dataFormat: 'json', topicSchema: schema }, consumers: [] })
    const missing = await push(b, json.topic.code, { name: 'x' })
    expect(missing.body.code).toBe('4001')
    expect(missing.body.message).toContain('消息数据不符合主题的数据结构')
    expect(missing.body.message).toContain('id')
    expect((await push(b, json.topic.code, '{not json')).body.code).toBe('4001')
    await pushOk(b, json.topic.code, { id: 5 })
    await pushOk(b, json.topic.code, '{"id": 6}')

    const xml = await openFlow(b, { topic: { dataFormat: 'xml' }, consumers: [] })
    expect((await push(b, xml.topic.code, '<order><id>1</order>')).body.message).toContain('消息数据不是有效的 XML')
    expect((await push(b, xml.topic.code, { id: 1 })).body.code).toBe('4001')
    await pushOk(b, xml.topic.code, '<order><id>1</id></order>')
  })

  it('stops a JavaScript pre-processor that never ends and refuses the message, quickly, answering other calls meanwhile', async () => {
    const flow = await openFlow(b, { producer: { preProcessorEnabled: '1', preProcessorType: 'JavaScript', preProcessorExpression: 'while (true) {}' }, consumers: [] })
    const health = () => b.hub.app.inject({ method: 'GET', url: '/api/health' })
    const budget = await stallBudget(health)
    const started = Date.now()
    const pushed = push(b, flow.topic.code, { a: 1 })
    // The script runs in a worker thread: the hub's own thread goes on serving.
    const meanwhile = await slowestAnswerDuring(pushed, health)
    expect(meanwhile.answers).toBeGreaterThan(5)
    expect(meanwhile.slowestMs).toBeLessThan(budget)
    const answer = await pushed
    expect(answer.body.code).toBe('4001')
    expect(answer.body.message).toContain('前置处理失败')
    expect(answer.body.message).toContain('ms')
    // A script that was not stopped would never answer; the bound leaves room for a busy machine.
    expect(Date.now() - started).toBeLessThan(20_000)
  })

  it('stores the pre-processed message with one pending delivery per enabled consumer only', async () => {
    const flow = await openFlow(b, {
      producer: { preProcessorEnabled: '1', preProcessorType: 'JsonPath', preProcessorExpression: '$.order' },
      consumers: [{ dataConsumeType: 'http' }, { dataConsumeType: 'http' }],
    })
    await b.consumer(flow.topic.code) // a third one, never started
    const answer = await push(b, flow.topic.code, { order: { id: 1 }, envelope: 'x' })
    expect(answer.body.data).toMatchObject({ routingKeys: [flow.topic.code], deliveries: 2 })
    const messageId = answer.body.data!.messageId
    const stored = await b.hub.store.db.withTables<{ dh_messages: { id: string; payload: string | null } }>().selectFrom('dh_messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow()
    expect(JSON.parse(stored.payload!)).toEqual({ id: 1 })
    expect((await deliveriesOf(b, messageId)).map((d) => d.consumer_id).sort()).toEqual(flow.consumers.map((c) => c.id).sort())
  })

  it('answers odd bodies with a refusal, never a 5xx', async () => {
    const bodies = ['null', '[]', '"text"', '42', '{"topicCode":["x"],"data":{"$gt":""}}', '{"topicCode":"x"}', '{"topicCode":"x","data":null}']
    for (const body of bodies) {
      const answer = await b.hub.app.inject({ method: 'POST', url: routePattern(producerServerApi), payload: body, headers: { 'content-type': 'application/json' } })
      expect(answer.statusCode, body).toBe(200)
      expect(['4001', '4040'], body).toContain(answer.json<{ code: string }>().code)
    }
  })

  it('refuses to save an enabled Bean or Java processor, which cannot run here', async () => {
    const t = await b.topic()
    const answer = await b.send(producerCreate, {
      topicCode: t.code, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' },
      preProcessorEnabled: '1', preProcessorType: 'Java', preProcessorExpression: 'return data;',
    })
    expect(answer.body.code).toBe('4001')
    expect((answer.body.data as { fields: { path: string; message: string }[] }).fields).toEqual([
      expect.objectContaining({ path: 'preProcessorType', message: '数据中心无法运行 Bean 或 Java 处理器，请改用 JsonPath、XPath 或 JavaScript' }),
    ])
  })
})
