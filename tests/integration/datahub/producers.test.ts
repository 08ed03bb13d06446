import { afterAll, beforeAll, expect, it } from 'vitest'
import * as producer from '../../../src/shared/contract/datahub/producer'
import * as topic from '../../../src/shared/contract/datahub/topic'
import type { Paged } from '../../../src/shared/contract/paging'
import type { Producer } from '../../../src/shared/contract/datahub/producer'
import type { TopicDetail } from '../../../src/shared/contract/datahub/topic'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fullProducerModels } from './fullModels'
import { fieldKeys, openBench, refusal, type Bench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'data hub producers', (target) => {
  let b: Bench
  beforeAll(async () => {
    b = await openBench(target)
  })
  afterAll(async () => {
    await b?.close()
  })

  it('needs an enabled topic that exists', async () => {
    const t = await b.topic({ status: '0' })
    const create = { topicCode: t.code, appCode: 'crm', productionMode: 'http' }
    expect(refusal(await b.send(producer.producerCreate, create))).toEqual({ code: '4090', message: '请先启用该消息主题' })
    expect(refusal(await b.send(producer.producerCreate, create, { locale: 'en' }))).toEqual({ code: '4090', message: 'Please enable this topic first' })
    expect(refusal(await b.send(producer.producerCreate, { ...create, topicCode: 'no.such' }))).toEqual({ code: '4040', message: '消息暂不存在' })
    expect(fieldKeys(await b.send(producer.producerCreate, { topicCode: t.code }))).toEqual({ appCode: 'msg_app_code_required', productionMode: 'msg_production_mode_required' })
  })

  it('allows one producer per topic; it starts stopped with the spec defaults', async () => {
    const t = await b.topic()
    const p = await b.producer(t.code)
    // Processor type JavaScript, not the spec's Java: the default is one this hub runs (DEFAULT_PROCESSOR_TYPE, issue 33).
    expect(p).toMatchObject({
      topicCode: t.code, topicName: t.name, status: '0', version: 1, appType: '0', columns: '*', retriable: '0', retryNum: '0',
      requestStrategy: '1', intervalUnit: '1', preProcessorEnabled: '0', preProcessorType: 'JavaScript', httpRequestInfoModel: null,
    })
    expect(refusal(await b.send(producer.producerCreate, { topicCode: t.code, appCode: 'other', productionMode: 'mq' }))).toEqual({ code: '4090', message: '该消息主题下已存在生产者' })
    expect((await b.ok<TopicDetail>(topic.topicDetail, { id: t.id })).dhProducer).toEqual(p)
  })

  it('lets only one of two simultaneous creations be the producer of a topic', async () => {
    const t = await b.topic()
    const answers = await Promise.all(['crm', 'erp'].map((appCode) => b.send(producer.producerCreate, { topicCode: t.code, appCode, productionMode: 'http' })))
    expect(answers.map((a) => a.body.code).sort()).toEqual(['2000', '4090'])
  })

  it('stores every mode sub-model exactly as sent', async () => {
    const t = await b.topic()
    const p = await b.producer(t.code, { ...fullProducerModels, productionMode: 'dblink' })
    expect(p).toMatchObject(fullProducerModels)
    expect(await b.ok(producer.producerGet, { id: p.id })).toEqual(p)
    // An update that leaves the sub-models out keeps them.
    const renamed = await b.ok<Producer>(producer.producerUpdate, { id: p.id, version: p.version, appName: 'CRM system' })
    expect(renamed).toMatchObject({ ...fullProducerModels, appName: 'CRM system', version: 2 })
  })

  it('keeps the production mode and the topic once the producer exists', async () => {
    const t = await b.topic()
    const p = await b.producer(t.code)
    expect(refusal(await b.send(producer.producerUpdate, { id: p.id, version: p.version, productionMode: 'mq' }))).toEqual({ code: '4090', message: '生产者创建后不能修改生产方式' })
    const other = await b.topic()
    expect(refusal(await b.send(producer.producerUpdate, { id: p.id, version: p.version, topicCode: other.code }))).toEqual({ code: '4090', message: '不能更换所属消息主题' })
    expect(await b.ok(producer.producerUpdate, { ...p, remark: 'same mode' })).toMatchObject({ productionMode: 'http', remark: 'same mode', version: 2 })
  })

  it('edits a stopped producer only, and refuses a stale version', async () => {
    const t = await b.topic()
    const p = await b.producer(t.code)
    const running = await b.ok<Producer>(producer.producerDisableOrEnable, { id: p.id, version: p.version })
    expect(running).toMatchObject({ status: '1', version: 2 })
    expect(refusal(await b.send(producer.producerUpdate, { id: p.id, version: running.version, remark: 'x' }))).toEqual({ code: '4090', message: '生产者运行中，请先停用后再修改' })
    const stopped = await b.ok<Producer>(producer.producerDisableOrEnable, { ...running })
    expect(stopped).toMatchObject({ status: '0', version: 3 })
    expect(refusal(await b.send(producer.producerUpdate, { id: p.id, version: 2, remark: 'x' }))).toMatchObject({ code: '4090', message: '数据版本已过期，请刷新后重试' })
    expect(await b.ok(producer.producerUpdate, { id: p.id, version: 3, remark: 'x' })).toMatchObject({ remark: 'x', version: 4 })
  })

  it('keeps a topic with a running producer enabled, and starts producers of enabled topics only', async () => {
    const t = await b.topic()
    const p = await b.ok<Producer>(producer.producerDisableOrEnable, { id: (await b.producer(t.code)).id })
    expect(refusal(await b.send(topic.topicDisableOrEnable, { id: t.id }))).toEqual({ code: '4090', message: '消息主题正在使用中，不能停用' })
    expect(refusal(await b.send(topic.topicUpdate, { id: t.id, version: t.version, status: '0' }))).toMatchObject({ code: '4090', message: '消息主题正在使用中，不能停用' })
    await b.ok(producer.producerDisableOrEnable, { id: p.id })
    await b.ok(topic.topicDisableOrEnable, { id: t.id })
    expect(refusal(await b.send(producer.producerDisableOrEnable, { id: p.id }))).toEqual({ code: '4090', message: '请先启用该消息主题' })
    expect(refusal(await b.send(producer.producerUpdate, { id: p.id, version: 3, remark: 'x' }))).toEqual({ code: '4090', message: '请先启用该消息主题' })
  })

  it('keeps a big-data producer but refuses to start it: this hub has no HBase / Phoenix driver', async () => {
    const t = await b.topic()
    const p = await b.producer(t.code, { productionMode: 'bigdata' })
    expect(refusal(await b.send(producer.producerDisableOrEnable, { id: p.id }))).toEqual({ code: '4090', message: '本数据中心没有 HBase / Phoenix 驱动，无法启动大数据生产者' })
    expect(refusal(await b.send(producer.producerDisableOrEnable, { id: p.id }, { locale: 'en' }))).toEqual({
      code: '4090',
      message: 'Big-data producers (HBase / Phoenix) cannot be started on this hub: it has no driver for them',
    })
    expect((await b.ok<Producer>(producer.producerGet, { id: p.id })).status).toBe('0')
  })

  it('deletes a stopped producer only; a deleted one does not exist', async () => {
    const t = await b.topic()
    const p = await b.ok<Producer>(producer.producerDisableOrEnable, { id: (await b.producer(t.code)).id })
    // An http producer runs on a schedule: spec part 2 §8 "producer has an enabled schedule job".
    expect(refusal(await b.send(producer.producerDelete, { ...p }))).toEqual({ code: '4090', message: '生产者存在已启用的调度任务：请先停用生产者再删除' })
    await b.ok(producer.producerDisableOrEnable, { id: p.id })
    expect(await b.ok(producer.producerDelete, { id: p.id })).toBeNull()
    expect(refusal(await b.send(producer.producerGet, { id: p.id }))).toEqual({ code: '4040', message: '生产者暂不存在' })
    expect(refusal(await b.send(producer.producerGet, { id: p.id }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The producer does not exist' })
    expect(refusal(await b.send(producer.producerDelete, { id: p.id }))).toMatchObject({ code: '4040' })
    expect((await b.ok<TopicDetail>(topic.topicDetail, { id: t.id })).dhProducer).toBeNull()
    // The topic may have a producer again; a running one that is not scheduled is refused in the general words.
    const mq = await b.ok<Producer>(producer.producerDisableOrEnable, { id: (await b.producer(t.code, { productionMode: 'mq' })).id })
    expect(refusal(await b.send(producer.producerDelete, { id: mq.id }))).toEqual({ code: '4090', message: '请先停用生产者再删除' })
  })

  it('resets retryNum when retry is off, checks it when on, and blanks a disabled processor', async () => {
    const t = await b.topic()
    const off = await b.producer(t.code, { retriable: '0', retryNum: '7', retryTimeInterval: '30', preProcessorEnabled: '0', preProcessorExpression: 'x' })
    expect(off).toMatchObject({ retriable: '0', retryNum: '0', retryTimeInterval: '30', preProcessorExpression: '' })
    const bad = await b.send(producer.producerUpdate, { id: off.id, version: off.version, retriable: '1', retryNum: '0', postProcessorEnabled: '1' })
    expect(fieldKeys(bad)).toEqual({ retryNum: 'msg_retry_num_rule', postProcessorExpression: 'msg_processor_expression_required' })
    const on = await b.ok<Producer>(producer.producerUpdate, { id: off.id, version: off.version, retriable: '1', retryNum: '3', postProcessorEnabled: '1', postProcessorType: 'JavaScript', postProcessorExpression: 'return data' })
    expect(on).toMatchObject({ retriable: '1', retryNum: '3', retryTimeInterval: '30', postProcessorType: 'JavaScript', postProcessorExpression: 'return data' })
  })

  it('pages producers and filters them', async () => {
    const t1 = await b.topic()
    const t2 = await b.topic()
    await b.producer(t1.code, { productionMode: 'ldap', appCode: 'dir' })
    await b.producer(t2.code, { productionMode: 'ldap', appCode: 'dir' })
    const page = await b.ok<Paged<Producer>>(producer.producerList, { productionMode: 'ldap', pageSize: 1 })
    expect(page.totalElements).toBe(2)
    expect(page.content).toHaveLength(1)
    expect([t1.code, t2.code]).toContain(page.content[0]!.topicCode)
    expect(page.content[0]!.topicName).toBe(page.content[0]!.topicCode === t1.code ? t1.name : t2.name)
    expect((await b.ok<Paged<Producer>>(producer.producerList, { topicCode: t1.code })).content.map((p) => p.topicCode)).toEqual([t1.code])
  })
})
