import { afterAll, beforeAll, expect, it } from 'vitest'
import * as topic from '../../../src/shared/contract/datahub/topic'
import type { TopicFlow } from '../../../src/shared/contract/datahub/topic'
import { selectFlowJson } from '../../../src/hub/datahub/flowJson'
import { assembleFlows, selectFlowRows } from '../../../src/hub/datahub/flows'
import { datahubDb } from '../../../src/hub/datahub/tables'
import { describeEachStore, storeTargets } from '../../support/stores'
import { openBench, type Bench } from './support'

const targets = await storeTargets()

/**
 * /topic/listAll and /listScheduleAll answer JSON the database writes (flowJson.ts). These hold
 * it to the typed assembly (flows.ts) and to the output schema, on both stores, for every shape
 * a row can take: no producer, no consumers, several consumers in creation order, routing by
 * key, Chinese text, a deleted topic, a scheduled and an unscheduled producer.
 */
describeEachStore(targets, 'topic flows written by the store', (target) => {
  let b: Bench
  beforeAll(async () => {
    b = await openBench(target)
    await b.topic({ name: '空的主题', tags: '销售，财务', remark: '备注 "quoted" \\ back' })
    const full = await b.topic({ distributeType: '2' })
    await b.producer(full.code, { productionMode: 'http', appName: '订单系统' })
    await b.consumer(full.code, { routingKey: 'key.a' })
    await b.consumer(full.code, { routingKey: 'key.b', dataConsumeType: 'mq' })
    const byTopic = await b.topic()
    await b.producer(byTopic.code, { productionMode: 'serverApi' })
    await b.consumer(byTopic.code, { routingKey: 'ignored' })
    // Only a stopped topic can be deleted.
    const gone = await b.topic()
    await b.ok(topic.topicDisableOrEnable, { id: gone.id })
    await b.ok(topic.topicDelete, { id: gone.id })
  })
  afterAll(async () => {
    await b?.close()
  })

  const parsed = async (scheduledOnly: boolean): Promise<unknown> => {
    const { json } = await selectFlowJson(datahubDb(b.hub.store.db), b.hub.store.kind, { scheduledOnly })
    return JSON.parse(json.toString())
  }

  it('answers exactly what the typed assembly builds, and the schema accepts it', async () => {
    const fromStore = await parsed(false)
    const assembled = assembleFlows(await selectFlowRows(datahubDb(b.hub.store.db)))
    expect(fromStore).toEqual(assembled)
    expect(topic.topicListAll.output.parse(fromStore)).toEqual(fromStore)
    const flows = fromStore as TopicFlow[]
    expect(flows).toHaveLength(3)
    const routed = flows.find((f) => f.distributeType === '2')!
    expect(routed.dhConsumers.map((c) => c.routingKey)).toEqual(['key.a', 'key.b'])
    expect(flows.find((f) => f.name === '空的主题')).toMatchObject({ dhProducer: null, dhConsumers: [], tags: '销售，财务' })
  })

  it('keeps only scheduled producers for listScheduleAll, like the typed query', async () => {
    const fromStore = await parsed(true)
    expect(fromStore).toEqual(assembleFlows(await selectFlowRows(datahubDb(b.hub.store.db), { scheduledOnly: true })))
    expect((fromStore as TopicFlow[]).map((f) => f.dhProducer?.productionMode)).toEqual(['http'])
  })

  it('sends the store-written list inside the usual envelope', async () => {
    const answer = await b.send<TopicFlow[]>(topic.topicListAll)
    expect(answer.body.code).toBe('2000')
    expect(answer.body.message).toBe('操作成功')
    expect(answer.body.data).toEqual(await parsed(false))
  })
})

describeEachStore(targets, 'topic flows of an empty store', (target) => {
  it('answers an empty list, not null', async () => {
    const b = await openBench(target)
    try {
      expect(await b.ok(topic.topicListAll)).toEqual([])
      expect(await b.ok(topic.topicListScheduleAll)).toEqual([])
    } finally {
      await b.close()
    }
  })
})
