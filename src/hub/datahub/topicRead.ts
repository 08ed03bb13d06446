import * as contract from '../../shared/contract/datahub/topic'
import { splitTags } from '../../shared/rules/datahub/tags'
import { route } from '../http/context'
import { assembleFlows, FLOW_TOPIC_COLUMNS, selectChildren } from './flows'
import { selectFlowJson } from './flowJson'
import { loadConsumer, loadTopicDetail, requireLiveTopic } from './records'
import { targetTableColumns } from './dataSources/sqlToolHandlers'
import { consumerNoTarget, consumerNotFound } from './refusals'
import { containsText } from '../store/like'
import { page } from '../store/paging'
import { hasTag } from './search'
import { datahubDb } from './tables'

/** Paged topic flows, newest first, searched by code, name, tag and status. */
export const topicList = route(contract.topicList, async ({ pageNum, pageSize, code, name, tag, status }, call) => {
  const db = datahubDb(call.hub.store.db)
  let base = db.selectFrom('topics').where('is_delete', '=', '0')
  if (code?.trim()) base = base.where(containsText('code', code))
  if (name?.trim()) base = base.where(containsText('name', name))
  if (tag?.trim()) base = base.where(hasTag('tags', tag))
  if (status?.trim()) base = base.where('status', '=', status.trim())
  const rows = base.select(FLOW_TOPIC_COLUMNS).orderBy('created_at', 'desc').orderBy('code', 'desc')
  return page(rows, { pageNum, pageSize }, async (topics) => assembleFlows({ topics, ...(await selectChildren(db, topics.map((t) => t.id))) }))
})

export const topicListAll = route(contract.topicListAll, async (_input, call) =>
  selectFlowJson(datahubDb(call.hub.store.db), call.hub.store.kind),
)

export const topicListScheduleAll = route(contract.topicListScheduleAll, async (_input, call) =>
  selectFlowJson(datahubDb(call.hub.store.db), call.hub.store.kind, { scheduledOnly: true }),
)

export const topicDetail = route(contract.topicDetail, async ({ id }, call) => loadTopicDetail(datahubDb(call.hub.store.db), id))

/** Distinct tags of the topics that exist, sorted. */
export const topicListTags = route(contract.topicListTags, async (_input, call) => {
  const rows = await datahubDb(call.hub.store.db).selectFrom('topics').select('tags').where('is_delete', '=', '0').where('tags', '!=', '').execute()
  return [...new Set(rows.flatMap((r) => splitTags(r.tags)))].sort()
})

/**
 * The consumer's source and target fields for its mapping: the columns of its target table
 * (dblink or bigdata targetTableName), read from its data source, with source name = target
 * name for every column (part 2 §4, "get all fields"). Never a made-up field list: without a
 * data source or table the consumer is told so, and the source's own refusals pass through.
 */
export const topicGetSourceAndTargetFields = route(contract.topicGetSourceAndTargetFields, async ({ topicCode, consumerId }, call) => {
  const db = datahubDb(call.hub.store.db)
  const topic = await requireLiveTopic(db, { code: topicCode.trim() })
  const consumer = await loadConsumer(db, consumerId)
  if (!consumer || consumer.topicCode !== topic.code) throw consumerNotFound()
  const target = consumer.dbLinkRequestInfoModel?.targetTableName || consumer.bigDataRequestInfoModel?.targetTableName
  if (!consumer.datasourceName || !target) throw consumerNoTarget()
  const columns = await targetTableColumns(call, consumer.datasourceName, target)
  return JSON.stringify(columns.map((c) => ({ sourceFieldName: c.columnName, targetFieldName: c.columnName })))
})
