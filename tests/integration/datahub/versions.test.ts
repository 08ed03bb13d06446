import { afterAll, beforeAll, expect, it } from 'vitest'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import * as producer from '../../../src/shared/contract/datahub/producer'
import * as topic from '../../../src/shared/contract/datahub/topic'
import * as versions from '../../../src/shared/contract/platform/versionBacktrack'
import type { Paged } from '../../../src/shared/contract/paging'
import type { VersionBacktrack } from '../../../src/shared/contract/platform/versionBacktrack'
import type { TopicDetail } from '../../../src/shared/contract/datahub/topic'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, openBench, refusal, type Bench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'version backtrack', (target) => {
  let b: Bench
  const list = (input: object) => b.ok<Paged<VersionBacktrack>>(versions.versionBacktrackListAll, input)
  beforeAll(async () => {
    b = await openBench(target)
  })
  afterAll(async () => {
    await b?.close()
  })

  it('records every save of a topic with its content after the change, newest first, paged', async () => {
    let t = await b.topic({ remark: 'v1' })
    for (const remark of ['v2', 'v3', 'v4']) t = await b.ok<TopicDetail>(topic.topicUpdate, { id: t.id, version: t.version, remark })
    // Status changes move the version but are no edit: no record.
    await b.ok(topic.topicDisableOrEnable, { id: t.id })
    const all = await list({ typeCode: 'topic', typeId: t.id })
    expect(all.totalElements).toBe(4)
    expect(all.content.map((v) => [v.version, v.remark, JSON.parse(v.content).remark])).toEqual([
      [4, 'update', 'v4'], [3, 'update', 'v3'], [2, 'update', 'v2'], [1, 'create', 'v1'],
    ])
    expect(all.content[0]).toMatchObject({ typeCode: 'topic', typeId: t.id, createdBy: 'admin' })
    const { dhProducer: _p, dhConsumers: _c, ...entity } = t
    expect(JSON.parse(all.content[0]!.content)).toEqual(entity)
    const second = await list({ typeCode: 'topic', typeId: t.id, pageNum: 2, pageSize: 3 })
    expect(second).toMatchObject({ totalElements: 4, content: [{ version: 1 }] })
    expect(await b.ok(versions.versionBacktrackGet, { id: all.content[1]!.id })).toEqual(all.content[1])
  })

  it('asks for ten rows by default', async () => {
    let t = await b.topic()
    for (let i = 0; i < 11; i++) t = await b.ok<TopicDetail>(topic.topicUpdate, { id: t.id, version: t.version, remark: `r${i}` })
    const page = await list({ typeCode: '', typeId: t.id })
    expect(page.totalElements).toBe(12)
    expect(page.content).toHaveLength(10)
  })

  it('records producer and consumer saves under their own type', async () => {
    const t = await b.topic()
    const p = await b.producer(t.code)
    await b.ok(producer.producerUpdate, { id: p.id, version: p.version, remark: 'changed' })
    const c = await b.consumer(t.code)
    await b.ok(consumer.consumerUpdate, { id: c.id, version: c.version, remark: 'changed' })
    const ofProducer = await list({ typeCode: 'producer', typeId: p.id })
    expect(ofProducer.content.map((v) => [v.typeCode, v.version, v.remark])).toEqual([['producer', 2, 'update'], ['producer', 1, 'create']])
    expect(JSON.parse(ofProducer.content[0]!.content)).toMatchObject({ id: p.id, remark: 'changed', version: 2 })
    const ofConsumer = await list({ typeCode: 'consumer', typeId: c.id })
    expect(ofConsumer.content.map((v) => v.version)).toEqual([2, 1])
    expect((await list({ typeCode: 'topic', typeId: p.id })).totalElements).toBe(0)
  })

  it('makes a record by hand, with given content or a snapshot', async () => {
    const t = await b.topic()
    const snap = await b.ok<VersionBacktrack>(versions.versionBacktrackCreate, { typeCode: 'topic', typeId: t.id, remark: 'before migration' })
    expect(snap).toMatchObject({ typeCode: 'topic', typeId: t.id, version: 1, remark: 'before migration', createdBy: 'admin' })
    expect(JSON.parse(snap.content)).toMatchObject({ id: t.id, code: t.code })
    const given = await b.ok<VersionBacktrack>(versions.versionBacktrackCreate, { typeCode: 'topic', typeId: t.id, content: '{"note":1}' })
    expect(given.content).toBe('{"note":1}')
    expect(fieldKeys(await b.send(versions.versionBacktrackCreate, { typeCode: 'topic', typeId: t.id, content: 'not json' }))).toEqual({ content: 'msg_version_content_invalid' })
    expect(refusal(await b.send(versions.versionBacktrackCreate, { typeCode: 'producer', typeId: 'nope' }))).toEqual({ code: '4040', message: '生产者暂不存在' })
    expect(refusal(await b.send(versions.versionBacktrackCreate, { typeCode: 'consumer', typeId: 'nope' }))).toEqual({ code: '4040', message: '消费者暂不存在' })
    expect(refusal(await b.send(versions.versionBacktrackCreate, { typeCode: 'topic', typeId: 'nope' }))).toEqual({ code: '4040', message: '消息暂不存在' })
    expect(fieldKeys(await b.send(versions.versionBacktrackCreate, { typeCode: 'queue', typeId: t.id }))).toEqual({ typeCode: 'msg_field_required' })
    expect(refusal(await b.send(versions.versionBacktrackGet, { id: 'nope' }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The version record does not exist' })
  })
})
