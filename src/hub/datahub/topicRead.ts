import * as contract from '../../shared/contract/datahub/topic'
import { route } from '../http/context'
import { consumerRepository as consumers } from './consumerRepository'
import { selectFlowJson } from './flowJson'
import { targetTableColumns } from './dataSources/sqlToolHandlers'
import { consumerNoTarget, consumerNotFound } from './refusals'
import { datahubDb } from './tables'
import { topicRepository as topics } from './topicRepository'

/** Paged topic flows, newest first, searched by code, name, tag and status. */
export const topicList = route(contract.topicList, async (q, call) => topics.list(datahubDb(call.hub.store.db), q))

export const topicListAll = route(contract.topicListAll, async (_input, call) =>
  selectFlowJson(datahubDb(call.hub.store.db), call.hub.store.kind),
)

export const topicListScheduleAll = route(contract.topicListScheduleAll, async (_input, call) =>
  selectFlowJson(datahubDb(call.hub.store.db), call.hub.store.kind, { scheduledOnly: true }),
)

export const topicDetail = route(contract.topicDetail, async ({ id }, call) => topics.detail(datahubDb(call.hub.store.db), id))

/** Distinct tags of the topics that exist, sorted. */
export const topicListTags = route(contract.topicListTags, async (_input, call) => topics.tags(datahubDb(call.hub.store.db)))

/**
 * The consumer's source and target fields for its mapping: the columns of its target table
 * (dblink or bigdata targetTableName), read from its data source, with source name = target
 * name for every column (part 2 §4, "get all fields"). Never a made-up field list: without a
 * data source or table the consumer is told so, and the source's own refusals pass through.
 */
export const topicGetSourceAndTargetFields = route(contract.topicGetSourceAndTargetFields, async ({ topicCode, consumerId }, call) => {
  const db = datahubDb(call.hub.store.db)
  const topic = await topics.require(db, { code: topicCode.trim() })
  const consumer = await consumers.load(db, consumerId)
  if (!consumer || consumer.topicCode !== topic.code) throw consumerNotFound()
  const target = consumer.dbLinkRequestInfoModel?.targetTableName || consumer.bigDataRequestInfoModel?.targetTableName
  if (!consumer.datasourceName || !target) throw consumerNoTarget()
  const columns = await targetTableColumns(call, consumer.datasourceName, target)
  return JSON.stringify(columns.map((c) => ({ sourceFieldName: c.columnName, targetFieldName: c.columnName })))
})
