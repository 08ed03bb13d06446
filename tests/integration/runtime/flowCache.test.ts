import { afterAll, beforeAll, expect, it } from 'vitest'
import { authenticationCreate, authenticationUpdate } from '../../../src/shared/contract/datahub/authentication'
import * as consumerContract from '../../../src/shared/contract/datahub/consumer'
import * as producerContract from '../../../src/shared/contract/datahub/producer'
import type { Endpoint } from '../../../src/shared/endpoint'
import { call, openTestHub, signIn, type TestHub } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { deliveriesOf, httpConsumer, openFlow, push, pushOk } from './support'

const targets = await storeTargets()

/**
 * A hub node keeps the flows pushes read (topic, producer, consumers, authentication method:
 * runtime/accept/flowCache.ts). A change saved through another hub node over the same store is
 * seen by the next push. On PostgreSQL node B is a second hub on the same database; on SQLite
 * (one process per data dir) it is the same hub, and the change must still not be missed.
 */
describeEachStore(targets, 'exchange runtime: flows kept between pushes follow changes made on any node', (target) => {
  let b: Bench
  let second: TestHub | null = null
  let tokenB = ''
  const nodeB = () => second ?? b.hub
  const okOnB = async <T>(endpoint: Endpoint, input: unknown): Promise<T> => {
    const answer = await call<T>(nodeB().app, endpoint, input, { token: tokenB })
    expect(answer.body.code, answer.body.message).toBe('2000')
    return answer.body.data as T
  }

  beforeAll(async () => {
    b = await openBench(target)
    if (target.name === 'postgres') second = await openTestHub({ dataDir: b.hub.config.dataDir, databaseUrl: b.hub.config.databaseUrl, cleanup: async () => {} })
    tokenB = await signIn(nodeB().app)
  })
  afterAll(async () => {
    await second?.close()
    await b?.close()
  })

  it('a consumer disabled on node B no longer gets the pushes node A accepts, and one added there does', async () => {
    const flow = await openFlow(b, { consumers: [httpConsumer('http://127.0.0.1:9/one'), httpConsumer('http://127.0.0.1:9/two')] })
    const [one, two] = flow.consumers.map((c) => c.id)
    const before = await pushOk(b, flow.topic.code, { n: 1 })
    expect((await deliveriesOf(b, before)).map((d) => d.consumer_id).sort()).toEqual([one, two].sort())

    await okOnB(consumerContract.consumerStatus, { id: one })
    const after = await push(b, flow.topic.code, { n: 2 })
    expect(after.body.data?.deliveries).toBe(1)
    expect((await deliveriesOf(b, after.body.data!.messageId)).map((d) => d.consumer_id)).toEqual([two])

    const three = await okOnB<consumerContract.Consumer>(consumerContract.consumerCreate, { topicCode: flow.topic.code, applicationCode: 'erp', ...httpConsumer('http://127.0.0.1:9/three') })
    await okOnB(consumerContract.consumerStatus, { id: three.id })
    const added = await pushOk(b, flow.topic.code, { n: 3 })
    expect((await deliveriesOf(b, added)).map((d) => d.consumer_id).sort()).toEqual([two, three.id].sort())
  })

  it('a producer stopped on node B refuses the next push on node A', async () => {
    const flow = await openFlow(b, { consumers: [] })
    await pushOk(b, flow.topic.code, { n: 1 })
    await okOnB(producerContract.producerDisableOrEnable, { id: flow.producer.id })
    expect((await push(b, flow.topic.code, { n: 2 })).body).toMatchObject({ code: '4090', message: `消息主题 ${flow.topic.code} 的生产者未启用，暂不接收数据` })
  })

  it("a token changed on node B is the one node A checks the producer's pushes by", async () => {
    const method = await b.ok<{ id: string; version: number }>(authenticationCreate, { appCode: 'crm', authenName: 'kept-key', authenType: '1', tokenKey: 'X-Api-Token', tokenValue: 'old-token' })
    const flow = await openFlow(b, {
      producer: { apiRequestInfoModel: { apiAddr: '/producer/serverApi', authorization: { display: '1', appCode: 'crm', selectedAuth: 'kept-key' } } },
      consumers: [],
    })
    await pushOk(b, flow.topic.code, { n: 1 }, { 'X-Api-Token': 'old-token' })
    await okOnB(authenticationUpdate, { id: method.id, version: method.version, tokenValue: 'new-token' })
    expect((await push(b, flow.topic.code, { n: 2 }, { 'X-Api-Token': 'old-token' })).body.code).toBe('4031')
    await pushOk(b, flow.topic.code, { n: 3 }, { 'X-Api-Token': 'new-token' })
  })
})
