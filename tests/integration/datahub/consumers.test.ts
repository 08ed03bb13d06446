import { afterAll, beforeAll, expect, it } from 'vitest'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import * as topic from '../../../src/shared/contract/datahub/topic'
import type { Consumer } from '../../../src/shared/contract/datahub/consumer'
import type { TopicDetail, TopicFlow } from '../../../src/shared/contract/datahub/topic'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldMappings, fullConsumerModels, notifyInfo } from './fullModels'
import { fieldKeys, openBench, refusal, type Bench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'data hub consumers', (target) => {
  let b: Bench
  beforeAll(async () => {
    b = await openBench(target)
  })
  afterAll(async () => {
    await b?.close()
  })

  it('starts new consumers at 0; the toggle goes 0 → 1 → 2 → 1 and moves the version', async () => {
    const t = await b.topic()
    const c = await b.consumer(t.code)
    expect(c).toMatchObject({ status: '0', version: 1, applicationType: '0', retriable: '0', retryNum: '0' })
    const steps: [string, number][] = []
    let current = c
    for (let i = 0; i < 3; i++) {
      current = await b.ok<Consumer>(consumer.consumerStatus, { ...current })
      steps.push([current.status, current.version])
    }
    expect(steps).toEqual([['1', 2], ['2', 3], ['1', 4]])
    expect(refusal(await b.send(consumer.consumerStatus, { id: c.id, version: 2 }))).toMatchObject({ code: '4090', message: '数据版本已过期，请刷新后重试' })
  })

  it('uses the topic code as routing key unless the topic routes by key', async () => {
    const broadcast = await b.topic()
    expect((await b.consumer(broadcast.code, { routingKey: 'ignored' })).routingKey).toBe(broadcast.code)
    const routed = await b.topic({ distributeType: '2', routeTableData: [{ syntax: 'JsonPath', expression: '$.kind', routingKey: 'orders' }] })
    expect(fieldKeys(await b.send(consumer.consumerCreate, { topicCode: routed.code, applicationCode: 'erp', dataConsumeType: 'mq' }))).toEqual({ routingKey: 'msg_routing_key_required' })
    const keyed = await b.consumer(routed.code, { routingKey: ' orders ' })
    expect(keyed.routingKey).toBe('orders')
    // Back to broadcast: every consumer of the topic now answers the topic code.
    await b.ok(topic.topicUpdate, { id: routed.id, version: routed.version, distributeType: '1' })
    expect((await b.ok<Consumer>(consumer.consumerGet, { id: keyed.id })).routingKey).toBe(routed.code)
  })

  it('resets retryNum when retry is off and checks both numbers when it is on', async () => {
    const t = await b.topic()
    const c = await b.consumer(t.code, { retriable: '0', retryNum: '5' })
    expect(c.retryNum).toBe('0')
    const bad = await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, retriable: '1', retryNum: '012', retryTimeInterval: '0' })
    expect(fieldKeys(bad)).toEqual({ retryNum: 'msg_retry_num_rule', retryTimeInterval: 'msg_retry_interval_rule' })
    expect(fieldKeys(await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, retriable: '1', retryNum: '3', retryTimeInterval: '1.5' }))).toEqual({ retryTimeInterval: 'msg_retry_interval_rule' })
    // Twelve digits is one too many.
    expect(fieldKeys(await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, retriable: '1', retryNum: '123456789012', retryTimeInterval: '5' }))).toEqual({ retryNum: 'msg_retry_num_rule' })
    const on = await b.ok<Consumer>(consumer.consumerUpdate, { id: c.id, version: c.version, retriable: '1', retryNum: '3', retryTimeInterval: '12345678901' })
    expect(on).toMatchObject({ retriable: '1', retryNum: '3', retryTimeInterval: '12345678901', version: 2 })
    const off = await b.ok<Consumer>(consumer.consumerUpdate, { id: c.id, version: 2, retriable: '0' })
    expect(off).toMatchObject({ retriable: '0', retryNum: '0' })
  })

  it('stores every sub-model, the notification list and the field mappings as sent', async () => {
    const t = await b.topic()
    const c = await b.consumer(t.code, { ...fullConsumerModels, dataConsumeType: 'dblink', datasourceName: 'db1', notifyInfo, fieldMappings })
    expect(c).toMatchObject({ ...fullConsumerModels, notifyInfo, fieldMappings })
    expect(await b.ok(consumer.consumerGet, { id: c.id })).toEqual(c)
    expect(await b.ok(consumer.consumerListAll, { topicCode: t.code })).toEqual([c])
    expect(fieldKeys(await b.send(consumer.consumerUpdate, { id: c.id, version: 1, fieldMappings: '[{"sourceFieldName":"a"}]', notifyInfo: '{' }))).toEqual({
      fieldMappings: 'msg_field_mappings_invalid',
      notifyInfo: 'msg_notify_info_invalid',
    })
    const cleared = await b.ok<Consumer>(consumer.consumerUpdate, { id: c.id, version: 1, fieldMappings: '', remark: 'kept the rest' })
    expect(cleared).toMatchObject({ ...fullConsumerModels, notifyInfo, fieldMappings: '', remark: 'kept the rest' })
  })

  it('checks the application code and consume type', async () => {
    const t = await b.topic()
    const answer = await b.send(consumer.consumerCreate, { topicCode: t.code, applicationCode: 'erp_app', dataConsumeType: 'ftp' })
    expect(fieldKeys(answer)).toEqual({ applicationCode: 'msg_application_rule', dataConsumeType: 'msg_consume_type_required' })
    expect((await b.consumer(t.code, { applicationCode: '财务 系统 2' })).applicationCode).toBe('财务 系统 2')
  })

  it('needs an enabled topic to create, edit or start a consumer, and keeps a topic in use enabled', async () => {
    const t = await b.topic()
    const c = await b.consumer(t.code)
    const running = await b.ok<Consumer>(consumer.consumerStatus, { id: c.id })
    expect(refusal(await b.send(topic.topicDisableOrEnable, { id: t.id }))).toEqual({ code: '4090', message: '消息主题正在使用中，不能停用' })
    const stopped = await b.ok<Consumer>(consumer.consumerStatus, { id: running.id })
    await b.ok(topic.topicDisableOrEnable, { id: t.id })
    expect(refusal(await b.send(consumer.consumerStatus, { id: c.id }))).toEqual({ code: '4090', message: '请先启用该消息主题' })
    expect(refusal(await b.send(consumer.consumerUpdate, { id: c.id, version: stopped.version, remark: 'x' }))).toEqual({ code: '4090', message: '请先启用该消息主题' })
    expect(refusal(await b.send(consumer.consumerCreate, { topicCode: t.code, applicationCode: 'erp', dataConsumeType: 'http' }))).toEqual({ code: '4090', message: '请先启用该消息主题' })
  })

  it('deletes a consumer that does not run; a deleted one does not exist', async () => {
    const t = await b.topic()
    const c = await b.consumer(t.code)
    const running = await b.ok<Consumer>(consumer.consumerStatus, { id: c.id })
    expect(refusal(await b.send(consumer.consumerDelete, { ...running }))).toEqual({ code: '4090', message: '请先停用消费者再删除' })
    await b.ok(consumer.consumerStatus, { id: c.id })
    expect(await b.ok(consumer.consumerDelete, { id: c.id })).toBeNull()
    expect(refusal(await b.send(consumer.consumerGet, { id: c.id }))).toEqual({ code: '4040', message: '消费者暂不存在' })
    expect(refusal(await b.send(consumer.consumerGet, { id: c.id }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The consumer does not exist' })
    const fresh = await b.consumer(t.code)
    expect(await b.ok(consumer.consumerDelete, { id: fresh.id })).toBeNull()
    expect(await b.ok(consumer.consumerListAll, { topicCode: t.code })).toEqual([])
    expect(refusal(await b.send(consumer.consumerListAll, { topicCode: 'no.such' }))).toEqual({ code: '4040', message: '消息暂不存在' })
  })

  it('shows producers and consumers in the topic flow lists, and removes them with their topic', async () => {
    const t = await b.topic()
    const p = await b.producer(t.code, { productionMode: 'dblink' })
    const c1 = await b.consumer(t.code)
    const c2 = await b.consumer(t.code, { dataConsumeType: 'mq' })
    const flow = (await b.ok<TopicFlow[]>(topic.topicListAll)).find((f) => f.id === t.id)!
    expect(flow.dhProducer).toMatchObject({ id: p.id, productionMode: 'dblink', status: '0', requestStrategy: '1' })
    expect(flow.dhConsumers.map((c) => c.id).sort()).toEqual([c1.id, c2.id].sort())
    expect(flow.dhConsumers[0]).toMatchObject({ routingKey: t.code, status: '0' })
    expect((await b.ok<TopicFlow[]>(topic.topicListScheduleAll)).some((f) => f.id === t.id)).toBe(true)
    const detail = await b.ok<TopicDetail>(topic.topicDisableOrEnable, { id: t.id })
    expect(detail.dhConsumers).toHaveLength(2)
    await b.ok(topic.topicDelete, { id: t.id })
    expect(refusal(await b.send(consumer.consumerGet, { id: c1.id }))).toMatchObject({ code: '4040' })
  })

  it('lists only topics whose producer runs on a schedule', async () => {
    const polled = await b.topic()
    await b.producer(polled.code, { productionMode: 'http' })
    const pushed = await b.topic()
    await b.producer(pushed.code, { productionMode: 'serverApi' })
    const unscheduled = await b.topic()
    await b.producer(unscheduled.code, { productionMode: 'ldap', requestStrategy: '' })
    const none = await b.topic()
    const ids = (await b.ok<TopicFlow[]>(topic.topicListScheduleAll)).map((f) => f.id)
    expect(ids).toContain(polled.id)
    expect(ids).not.toContain(pushed.id)
    expect(ids).not.toContain(unscheduled.id)
    expect(ids).not.toContain(none.id)
  })
})
