import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { PROCESSOR_TYPES } from '../../rules/datahub/common'
import { DISTRIBUTE_TYPES, topicRuleShape } from '../../rules/datahub/topic'
import { pagedSchema, pageQueryShape } from '../paging'
import { auditShape } from './common'
import { consumerEntitySchema, consumerSummarySchema } from './consumer'
import { TOPIC_PERMISSION } from './permissions'
import { producerEntitySchema, producerSummarySchema } from './producer'

/** A route-table row (spec §3): syntax (default JsonPath), expression, routingKey. */
export const routeRowSchema = z.object({
  syntax: z.enum(PROCESSOR_TYPES).default('JsonPath'),
  expression: z.string(),
  routingKey: z.string().default(''),
})
export type RouteRow = z.output<typeof routeRowSchema>

const flag = z.enum(['0', '1'])

/** A topic as the hub answers it (spec part 1 §3), without its producer and consumers. */
export const topicEntitySchema = z.object({
  ...auditShape,
  code: z.string(),
  name: z.string(),
  status: flag.default('1'),
  /** '1' once deleted; deleted topics appear in no list and answer '消息暂不存在'. */
  isDelete: flag.default('0'),
  topicSchema: z.string().default(''),
  remark: z.string().default(''),
  dataStatistics: flag.default('1'),
  dataFormat: z.string().default(''),
  dataLevel: z.string().default(''),
  distributeType: z.enum(DISTRIBUTE_TYPES).default('1'),
  routeTableData: z.array(routeRowSchema).default([]),
  alarm: z.string().default(''),
  logStoreDay: z.number().int().default(2),
  logDataStoreDay: z.number().int().default(1),
  /** Tags joined by the full-width comma '，' (splitTags / joinTags). */
  tags: z.string().default(''),
})
export type Topic = z.output<typeof topicEntitySchema>

/** A topic with its producer (null when none) and consumers: detail and every save answer. */
export const topicDetailSchema = topicEntitySchema.extend({
  dhProducer: producerEntitySchema.nullable(),
  dhConsumers: z.array(consumerEntitySchema),
})
export type TopicDetail = z.output<typeof topicDetailSchema>

/**
 * A row of the topic flow (producer box, topic, consumer boxes): the topic with summaries of
 * its producer and consumers, enough for the row and its detail mode. The topic's documents
 * (topicSchema, alarm, route table: up to thousands of characters each) stay out of lists;
 * editors load full records through /topic/detail, /producer/get and /consumer/get.
 */
export const topicFlowSchema = topicEntitySchema.omit({ topicSchema: true, alarm: true, routeTableData: true }).extend({
  dhProducer: producerSummarySchema.nullable(),
  dhConsumers: z.array(consumerSummarySchema),
})
export type TopicFlow = z.output<typeof topicFlowSchema>

/** Create: every editable field with its rule (rules/datahub/topic). */
export const topicInputSchema = z.object(topicRuleShape)
export type TopicInput = z.input<typeof topicInputSchema>
/**
 * Update: changed fields beside the id and the version the editor started from; fields left out
 * keep their value. The code cannot change: sending another one is refused.
 */
export const topicUpdateSchema = topicInputSchema.partial().extend({ id: z.string().min(1), version: z.number().int() })
/** Status change and delete: the full topic may be sent; id and (optionally) version count. */
export const topicRefSchema = z.object({ id: z.string().min(1), version: z.number().int().optional() })

const base = { area: 'datahub', access: 'session', permission: TOPIC_PERMISSION } as const

/** Paged; `code` and `name` match parts (case-insensitive), `tag` one whole tag, `status` exactly. */
export const topicList = defineEndpoint({
  ...base,
  id: 'datahub.topic.list',
  method: 'GET',
  path: '/topic/list',
  input: z.object({
    ...pageQueryShape,
    code: z.string().max(64).optional(),
    name: z.string().max(64).optional(),
    tag: z.string().max(100).optional(),
    status: z.string().max(1).optional(),
  }),
  output: pagedSchema(topicFlowSchema),
})

const none = z.object({}).optional()

export const topicListAll = defineEndpoint({ ...base, id: 'datahub.topic.listAll', method: 'GET', path: '/topic/listAll', input: none, output: z.array(topicFlowSchema) })

/**
 * Topics whose producer runs on a schedule: a mode the hub fetches in (SCHEDULED_MODES) and a
 * requestStrategy set. The scheduler reads the schedule from the producer summary.
 */
export const topicListScheduleAll = defineEndpoint({ ...base, id: 'datahub.topic.listScheduleAll', method: 'GET', path: '/topic/listScheduleAll', input: none, output: z.array(topicFlowSchema) })

export const topicDetail = defineEndpoint({ ...base, id: 'datahub.topic.detail', method: 'GET', path: '/topic/detail', input: z.object({ id: z.string().min(1) }), output: topicDetailSchema })

/** Every tag of the topics that exist, sorted. */
export const topicListTags = defineEndpoint({ ...base, id: 'datahub.topic.listTags', method: 'GET', path: '/topic/listTags', input: none, output: z.array(z.string()) })

/**
 * Source and target fields for a consumer's mapping (part 2 §7): data is JSON text of rows
 * {sourceFieldName, targetFieldName}. Reading a target table needs the consumer's data source.
 */
export const topicGetSourceAndTargetFields = defineEndpoint({
  ...base,
  id: 'datahub.topic.getSourceAndTargetFields',
  method: 'GET',
  path: '/topic/getSourceAndTargetFields',
  input: z.object({ topicCode: z.string().min(1, 'msg_topic_required'), consumerId: z.string().min(1) }),
  output: z.string(),
})

export const topicCreate = defineEndpoint({ ...base, id: 'datahub.topic.create', method: 'POST', path: '/topic/create', input: topicInputSchema, output: topicDetailSchema })

export const topicUpdate = defineEndpoint({ ...base, id: 'datahub.topic.update', method: 'POST', path: '/topic/update', input: topicUpdateSchema, output: topicDetailSchema })

/** Enables a disabled topic, disables an enabled one that nothing running uses; answers the topic. */
export const topicDisableOrEnable = defineEndpoint({ ...base, id: 'datahub.topic.disableOrEnable', method: 'POST', path: '/topic/disableOrEnable', input: topicRefSchema, output: topicDetailSchema })

/** Marks an inactive topic deleted (isDelete '1') and removes its stopped producer and consumers. */
export const topicDelete = defineEndpoint({ ...base, id: 'datahub.topic.delete', method: 'POST', path: '/topic/delete', input: topicRefSchema, output: z.null() })
