import { afterAll, beforeAll, expect, it } from 'vitest'
import * as topic from '../../../src/shared/contract/datahub/topic'
import type { Paged } from '../../../src/shared/contract/paging'
import type { TopicDetail, TopicFlow, TopicInput } from '../../../src/shared/contract/datahub/topic'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, freshCode, openBench, refusal, type Bench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'data hub topics', (target) => {
  let b: Bench
  beforeAll(async () => {
    b = await openBench(target)
  })
  afterAll(async () => {
    await b?.close()
  })

  it('creates a topic with the spec defaults and answers it with its (empty) flow', async () => {
    const code = freshCode()
    const created = await b.topic({ code: ` ${code} `, name: '  订单主题  ' })
    expect(created).toMatchObject({
      code, name: '订单主题', status: '1', isDelete: '0', dataStatistics: '1', distributeType: '1', routeTableData: [],
      logStoreDay: 2, logDataStoreDay: 1, tags: '', remark: '', topicSchema: '', version: 1, dhProducer: null, dhConsumers: [],
    })
    expect(await b.ok(topic.topicDetail, { id: created.id })).toEqual(created)
  })

  it('drops empty and repeated tags and lists the distinct tags', async () => {
    const a = await b.topic({ tags: ' sales，，finance，sales ，' })
    expect(a.tags).toBe('sales，finance')
    await b.topic({ tags: 'ops，finance' })
    expect(await b.ok(topic.topicListTags)).toEqual(expect.arrayContaining(['finance', 'ops', 'sales']))
    const tags = await b.ok<string[]>(topic.topicListTags)
    expect(tags).toEqual([...new Set(tags)].sort())
  })

  it('refuses a code in use with 4090, in the caller language', async () => {
    const first = await b.topic()
    expect(refusal(await b.send(topic.topicCreate, { code: first.code, name: 'Another' }))).toEqual({ code: '4090', message: '主题编码已存在' })
    expect(refusal(await b.send(topic.topicCreate, { code: first.code, name: 'Another' }, { locale: 'en' }))).toEqual({ code: '4090', message: 'A topic with this code already exists' })
  })

  it('lets only one of two simultaneous creations take a code', async () => {
    const code = freshCode('race')
    const answers = await Promise.all([0, 1, 2].map((i) => b.send(topic.topicCreate, { code, name: `Race ${i}` })))
    expect(answers.map((a) => a.body.code).sort()).toEqual(['2000', '4090', '4090'])
    expect((await b.ok<Paged<TopicFlow>>(topic.topicList, { code })).totalElements).toBe(1)
  })

  it('checks code, name, status, distribute type and remark', async () => {
    expect(fieldKeys(await b.send(topic.topicCreate, { name: 'Good name' }))).toEqual({ code: 'msg_topic_code_required' })
    expect(fieldKeys(await b.send(topic.topicCreate, { code: '', name: 'ab' }))).toEqual({ code: 'msg_topic_code_required', name: 'msg_topic_name_length' })
    expect(fieldKeys(await b.send(topic.topicCreate, { code: 'x'.repeat(65), name: 'n'.repeat(65) }))).toEqual({ code: 'msg_topic_code_length', name: 'msg_topic_name_length' })
    expect(fieldKeys(await b.send(topic.topicCreate, { code: 'bad code!', name: '  ' }))).toEqual({ code: 'msg_topic_code_pattern', name: 'msg_topic_name_required' })
    const answer = await b.send(topic.topicCreate, { code: 'ok', name: 'Good name', status: '', distributeType: '', remark: 'r'.repeat(256) })
    expect(fieldKeys(answer)).toEqual({ status: 'msg_status_required', distributeType: 'msg_distribute_type_required', remark: 'msg_remark_length' })
    const messages = (answer.body.data as { fields: { path: string; message: string }[] }).fields.map((f) => f.message)
    expect(messages).toContain('distributeType必填字段')
    // The bounds themselves are fine.
    await b.topic({ code: `${'c'.repeat(40)}.${freshCode('x')}`.slice(0, 64), name: 'abc', remark: 'r'.repeat(255) })
    await b.topic({ name: 'n'.repeat(64) })
  })

  it('requires syntax, expression and (except for Java, JavaScript and Bean) a routing key on route rows', async () => {
    const rows = [
      { syntax: 'JsonPath', expression: '$.type' },
      { syntax: 'Java', expression: 'return "a";' },
      { syntax: 'XPath', expression: ' ', routingKey: 'k' },
      { syntax: '', expression: 'x', routingKey: 'k' },
      { syntax: 'Bean', expression: 'router' },
      { syntax: 'JavaScript', expression: 'key()' },
    ]
    const answer = await b.send(topic.topicCreate, { code: freshCode(), name: 'Routed', distributeType: '2', routeTableData: rows })
    expect(fieldKeys(answer)).toEqual({
      'routeTableData.0.routingKey': 'msg_route_routing_key_required',
      'routeTableData.2.expression': 'msg_route_expression_required',
      'routeTableData.3.syntax': 'msg_route_syntax_required',
    })
    const texts = (answer.body.data as { fields: { message: string }[] }).fields.map((f) => f.message).sort()
    expect(texts).toEqual(['expression必填字段', 'routingKey必填字段', 'syntax必填字段'])
    const fixed = [{ expression: '$.type', routingKey: 'orders' }, ...rows.slice(1, 2), ...rows.slice(4)]
    const saved = await b.topic({ distributeType: '2', routeTableData: fixed as TopicInput['routeTableData'] })
    expect(saved.routeTableData).toEqual([
      { syntax: 'JsonPath', expression: '$.type', routingKey: 'orders' },
      { syntax: 'Java', expression: 'return "a";', routingKey: '' },
      { syntax: 'Bean', expression: 'router', routingKey: '' },
      { syntax: 'JavaScript', expression: 'key()', routingKey: '' },
    ])
  })

  it('keeps the code once the topic exists and changes only the fields sent', async () => {
    const t = await b.topic({ remark: 'first', tags: 'a' })
    expect(refusal(await b.send(topic.topicUpdate, { id: t.id, version: t.version, code: `${t.code}x` }))).toEqual({ code: '4090', message: '消息主题创建后编码不能修改' })
    const updated = await b.ok<TopicDetail>(topic.topicUpdate, { id: t.id, version: t.version, code: t.code, name: 'Renamed topic' })
    expect(updated).toMatchObject({ code: t.code, name: 'Renamed topic', remark: 'first', tags: 'a', version: 2 })
    expect(fieldKeys(await b.send(topic.topicUpdate, { id: t.id, version: 2, name: 'ab' }))).toEqual({ name: 'msg_topic_name_length' })
  })

  it('refuses an update from a stale version instead of overwriting', async () => {
    const t = await b.topic()
    await b.ok(topic.topicUpdate, { id: t.id, version: 1, remark: 'mine' })
    const stale = await b.send(topic.topicUpdate, { id: t.id, version: 1, remark: 'theirs' })
    expect(refusal(stale)).toEqual({ code: '4090', message: '数据版本已过期，请刷新后重试' })
    expect((await b.send(topic.topicUpdate, { id: t.id, version: 1, remark: 'x' }, { locale: 'en' })).body.message).toBe('The data version is out of date: reload and try again')
    expect(await b.ok(topic.topicDetail, { id: t.id })).toMatchObject({ remark: 'mine', version: 2 })
    expect(fieldKeys(await b.send(topic.topicUpdate, { id: t.id, remark: 'no version' }))).toEqual({ version: 'msg_field_required' })
  })

  it('toggles the status, bumping the version, and refuses a stale toggle', async () => {
    const t = await b.topic()
    const off = await b.ok<TopicDetail>(topic.topicDisableOrEnable, { ...t })
    expect(off).toMatchObject({ status: '0', version: 2 })
    expect(refusal(await b.send(topic.topicDisableOrEnable, { id: t.id, version: 1 }))).toMatchObject({ code: '4090' })
    expect(await b.ok(topic.topicDisableOrEnable, { id: t.id })).toMatchObject({ status: '1', version: 3 })
  })

  it('deletes only inactive topics; a deleted topic disappears and frees its code', async () => {
    const t = await b.topic({ tags: 'gone-tag' })
    expect(refusal(await b.send(topic.topicDelete, { id: t.id }))).toEqual({ code: '4090', message: '只能删除已停用的消息主题' })
    const off = await b.ok<TopicDetail>(topic.topicDisableOrEnable, { id: t.id })
    expect(await b.ok(topic.topicDelete, { id: t.id, version: off.version })).toBeNull()
    expect(refusal(await b.send(topic.topicDetail, { id: t.id }))).toEqual({ code: '4040', message: '消息暂不存在' })
    expect(refusal(await b.send(topic.topicDetail, { id: t.id }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The topic does not exist' })
    expect(refusal(await b.send(topic.topicDelete, { id: t.id }))).toMatchObject({ code: '4040' })
    expect((await b.ok<TopicFlow[]>(topic.topicListAll)).some((f) => f.id === t.id)).toBe(false)
    expect((await b.ok<Paged<TopicFlow>>(topic.topicList, { code: t.code })).totalElements).toBe(0)
    expect(await b.ok(topic.topicListTags)).not.toContain('gone-tag')
    const again = await b.topic({ code: t.code })
    expect(again.id).not.toBe(t.id)
  })

  it('pages and searches the list by code, name, tag and status', async () => {
    const mark = freshCode('find').replace(/\./g, '')
    const made = []
    for (let i = 0; i < 5; i++) made.push(await b.topic({ code: `${mark}.${i}`, name: `Search ${mark} ${i}`, tags: i % 2 ? 'odd，all' : 'even，all' }))
    await b.ok(topic.topicDisableOrEnable, { id: made[4]!.id })
    const page = (input: object) => b.ok<Paged<TopicFlow>>(topic.topicList, input)
    const first = await page({ code: mark.toUpperCase(), pageNum: 1, pageSize: 2 })
    expect(first.totalElements).toBe(5)
    expect(first.content.map((t) => t.code)).toEqual([`${mark}.4`, `${mark}.3`])
    expect((await page({ code: mark, pageNum: 3, pageSize: 2 })).content.map((t) => t.code)).toEqual([`${mark}.0`])
    expect((await page({ name: `search ${mark} 3` })).content.map((t) => t.code)).toEqual([`${mark}.3`])
    expect((await page({ code: mark, tag: 'odd' })).totalElements).toBe(2)
    expect((await page({ code: mark, tag: 'od' })).totalElements).toBe(0)
    expect((await page({ code: mark, status: '0' })).content.map((t) => t.code)).toEqual([`${mark}.4`])
    // '%' and '_' are plain characters in a search, not wildcards.
    expect((await page({ code: `${mark}%` })).totalElements).toBe(0)
    expect((await b.send(topic.topicList, { pageSize: 5000 })).body.code).toBe('4001')
  })

  it('explains why it cannot read a consumer target table yet, never a made-up field list', async () => {
    const t = await b.topic()
    const bare = await b.consumer(t.code)
    const fields = (consumerId: string, topicCode = t.code) => b.send(topic.topicGetSourceAndTargetFields, { topicCode, consumerId })
    expect(refusal(await fields(bare.id))).toEqual({ code: '4090', message: '该消费者未配置数据源或目标表' })
    const linked = await b.consumer(t.code, { dataConsumeType: 'dblink', datasourceName: 'db1', dbLinkRequestInfoModel: { targetTableName: 'orders' } })
    expect(refusal(await fields(linked.id))).toEqual({ code: '4040', message: '数据源暂不存在' })
    expect(refusal(await fields('nope'))).toEqual({ code: '4040', message: '消费者暂不存在' })
    expect(refusal(await fields(bare.id, 'no.such.topic'))).toEqual({ code: '4040', message: '消息暂不存在' })
  })
})
