import { afterAll, beforeAll, expect, it } from 'vitest'
import { consumerStatus } from '../../../src/shared/contract/datahub/consumer'
import { APP_CODE_HEADER, APP_SECRET_HEADER } from '../../../src/shared/contract/datahub/runtime'
import { sysAuthUpdate } from '../../../src/shared/contract/platform/messaging/sysAuthentication'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, refusal, type Bench } from '../datahub/support'
import { ack, deliveriesOf, openFlow, pull, pullConsumer, pullingApp, pullOk, pushOk, type PullingApp } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'exchange runtime: who may pull a serverApi consumer\'s messages', (target) => {
  let b: Bench
  let app: PullingApp
  let other: PullingApp
  let topicCode: string
  let messageId: string
  beforeAll(async () => {
    b = await openBench(target)
    app = await pullingApp(b)
    other = await pullingApp(b)
    const flow = await openFlow(b, { consumers: [pullConsumer(app)] })
    topicCode = flow.topic.code
    messageId = await pushOk(b, topicCode, { id: 1 })
  })
  afterAll(async () => {
    await b?.close()
  })

  it('refuses a caller without the application\'s secret, the same way whether or not the app code exists', async () => {
    const failed = { code: '4031', message: '应用认证失败：X-App-Code 与 X-App-Secret 须为应用的系统认证编码及其密钥' }
    expect(refusal(await pull(b, {}, { topicCode }))).toEqual(failed)
    expect(refusal(await pull(b, { ...app.headers, [APP_SECRET_HEADER]: `${app.auth.secret}x` }, { topicCode }))).toEqual(failed)
    expect(refusal(await pull(b, { ...app.headers, [APP_SECRET_HEADER]: other.auth.secret }, { topicCode }))).toEqual(failed)
    expect(refusal(await pull(b, { [APP_CODE_HEADER]: 'nosuchapp', [APP_SECRET_HEADER]: app.auth.secret }, { topicCode }))).toEqual(failed)
    expect((await ack(b, { ...app.headers, [APP_SECRET_HEADER]: 'wrong' }, { deliveryIds: ['x'] }, 'en')).body).toMatchObject({
      code: '4031',
      message: 'Application authentication failed: X-App-Code and X-App-Secret must carry an application\'s system authentication code and its secret',
    })
    expect((await deliveriesOf(b, messageId))[0]).toMatchObject({ status: 'pending' })
  })

  it('checks what is pulled: the input, the topic, and that the application has a running serverApi consumer on it', async () => {
    expect((await pull(b, app.headers, { topicCode, max: 0 })).body.code).toBe('4001')
    expect((await pull(b, app.headers, { topicCode, max: 101 })).body.code).toBe('4001')
    expect((await ack(b, app.headers, {})).body.code).toBe('4001')
    expect(refusal(await pull(b, app.headers, { topicCode: 'no.such.topic' }))).toEqual({ code: '4040', message: '消息主题“no.such.topic”不存在' })
    expect(refusal(await pull(b, other.headers, { topicCode }, 'en'))).toEqual({ code: '4040', message: `Topic ${topicCode} has no serverApi consumer of application ${other.appCode}` })

    const stopped = await openFlow(b, { consumers: [pullConsumer(app)] })
    await b.ok(consumerStatus, { id: stopped.consumers[0]!.id })
    expect(refusal(await pull(b, app.headers, { topicCode: stopped.topic.code }))).toEqual({
      code: '4090',
      message: `应用 ${app.appCode} 在消息主题 ${stopped.topic.code} 上的 serverApi 消费者未启用，消息将保留至其启用`,
    })
  })

  it('lets an application acknowledge only what it holds, and refuses it once its system authentication is disabled', async () => {
    const [got] = await pullOk(b, app, topicCode)
    expect(got).toMatchObject({ messageId })
    const otherFlow = await openFlow(b, { consumers: [pullConsumer(other)] })
    await pushOk(b, otherFlow.topic.code, { id: 2 })
    const answer = await ack(b, other.headers, { deliveryIds: [got!.deliveryId, 'not-a-delivery'] })
    expect(answer.body.data).toEqual({ acknowledged: 0, failed: 0, notHeld: [got!.deliveryId, 'not-a-delivery'] })
    expect((await deliveriesOf(b, messageId))[0]).toMatchObject({ status: 'delivering', attempts: 0 })

    const { auth } = app
    await b.ok(sysAuthUpdate, { id: auth.id, appCode: auth.appCode, name: auth.name, tokenType: auth.tokenType, tokenValidity: auth.tokenValidity, status: '0' })
    expect(refusal(await pull(b, app.headers, { topicCode }, 'en'))).toEqual({ code: '4031', message: `The system authentication of application ${app.appCode} is disabled` })
    expect((await ack(b, app.headers, { deliveryIds: [got!.deliveryId] })).body.code).toBe('4031')
    expect((await deliveriesOf(b, messageId))[0]).toMatchObject({ status: 'delivering' })
  })
})
