import * as contract from '../../shared/contract/datahub/topic'
import { splitTags } from '../../shared/rules/datahub/tags'
import { route } from '../http/context'
import { assembleFlows, FLOW_TOPIC_COLUMNS, selectChildren, selectFlowRows } from './flows'
import { loadConsumer, loadTopicDetail, requireLiveTopic } from './records'
import { consumerNoTarget, consumerNotFound, datasourceNotFound } from './refusals'
import { containsText, hasTag } from './search'
import { datahubDb } from './tables'

/** Paged topic flows, newest first, searched by code, name, tag and status. */
export const topicList = route(contract.topicList, async ({ pageNum, pageSize, code, name, tag, status }, call) => {
  const db = datahubDb(call.hub.store.db)
  let base = db.selectFrom('topics').where('is_delete', '=', '0')
  if (code?.trim()) base = base.where(containsText('code', code))
  if (name?.trim()) base = base.where(containsText('name', name))
  if (tag?.trim()) base = base.where(hasTag('tags', tag))
  if (status?.trim()) base = base.where('status', '=', status.trim())
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
  const topics = await base
    .select(FLOW_TOPIC_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('code', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute()
  const children = await selectChildren(db, topics.map((t) => t.id))
  return { content: assembleFlows({ topics, ...children }), totalElements: Number(total.n) }
})

export const topicListAll = route(contract.topicListAll, async (_input, call) =>
  assembleFlows(await selectFlowRows(datahubDb(call.hub.store.db))),
)

export const topicListScheduleAll = route(contract.topicListScheduleAll, async (_input, call) =>
  assembleFlows(await selectFlowRows(datahubDb(call.hub.store.db), { scheduledOnly: true })),
)

export const topicDetail = route(contract.topicDetail, async ({ id }, call) => loadTopicDetail(datahubDb(call.hub.store.db), id))

/** Distinct tags of the topics that exist, sorted. */
export const topicListTags = route(contract.topicListTags, async (_input, call) => {
  const rows = await datahubDb(call.hub.store.db).selectFrom('topics').select('tags').where('is_delete', '=', '0').where('tags', '!=', '').execute()
  return [...new Set(rows.flatMap((r) => splitTags(r.tags)))].sort()
})

/**
 * The consumer's source and target fields for its mapping. Reading the target table's columns
 * needs the consumer's data source, and data sources come with a later issue: until then a
 * consumer without a data source or target table is told so, and one with them learns that the
 * data source does not exist (this hub keeps none yet). Never a made-up field list.
 */
export const topicGetSourceAndTargetFields = route(contract.topicGetSourceAndTargetFields, async ({ topicCode, consumerId }, call) => {
  const db = datahubDb(call.hub.store.db)
  const topic = await requireLiveTopic(db, { code: topicCode.trim() })
  const consumer = await loadConsumer(db, consumerId)
  if (!consumer || consumer.topicCode !== topic.code) throw consumerNotFound()
  const target = consumer.dbLinkRequestInfoModel?.targetTableName || consumer.bigDataRequestInfoModel?.targetTableName
  if (!consumer.datasourceName || !target) throw consumerNoTarget()
  throw datasourceNotFound()
})
