import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { DEFAULT_PROCESSOR_TYPE, PROCESSOR_TYPES } from '../../rules/datahub/common'
import { CONSUME_TYPES, CONSUMER_STATUSES, checkConsumer, consumerRuleShape, normaliseConsumer } from '../../rules/datahub/consumer'
import { API_PATH_TYPES } from '../../rules/platform/apps/applicationApiPath'
import { auditShape } from './common'
import { consumerModelsShape } from './consumerModels'
import { TOPIC_PERMISSION } from './permissions'

const flag = z.enum(['0', '1'])
const processor = { enabled: flag.default('0'), type: z.enum(PROCESSOR_TYPES).default(DEFAULT_PROCESSOR_TYPE), text: z.string().default('') }

/** A consumer as the hub answers it (spec part 1 §3), every field present. */
export const consumerEntitySchema = z.object({
  ...auditShape,
  topicCode: z.string(),
  topicName: z.string(),
  /** The topic code, unless the topic routes by key (distributeType '2'). */
  routingKey: z.string(),
  applicationCode: z.string(),
  applicationName: z.string().default(''),
  applicationType: z.string().default('0'),
  applicationMaintainer: z.string().default(''),
  dataConsumeType: z.enum(CONSUME_TYPES),
  datasourceName: z.string().default(''),
  remark: z.string().default(''),
  retriable: flag.default('0'),
  retryNum: z.string().default('0'),
  retryTimeInterval: z.string().default(''),
  requestBodySchema: z.string().default(''),
  alarm: z.string().default(''),
  alarmStatus: flag.default('0'),
  receiveEmail: z.string().default(''),
  extraEmail: z.string().default(''),
  preProcessorEnabled: processor.enabled,
  preProcessorType: processor.type,
  preProcessorExpression: processor.text,
  preProcessorRemark: processor.text,
  postProcessorEnabled: processor.enabled,
  postProcessorType: processor.type,
  postProcessorExpression: processor.text,
  postProcessorRemark: processor.text,
  /** JSON text of the notification list (parseNotifyInfo / serialiseNotifyInfo). */
  notifyInfo: z.string().default(''),
  /** JSON text of the mapping rows (parseFieldMappings / serialiseFieldMappings); '' is none. */
  fieldMappings: z.string().default(''),
  status: z.enum(CONSUMER_STATUSES).default('0'),
  ...consumerModelsShape,
})
export type Consumer = z.output<typeof consumerEntitySchema>

/** What a topic flow row shows of a consumer (spec §2 detail mode). */
export const consumerSummarySchema = consumerEntitySchema.pick({
  id: true, version: true, topicCode: true, routingKey: true, applicationCode: true, applicationName: true,
  applicationType: true, dataConsumeType: true, alarmStatus: true, retriable: true, retryNum: true,
  retryTimeInterval: true, status: true,
})
export type ConsumerSummary = z.output<typeof consumerSummarySchema>

const inputShape = { ...consumerRuleShape, ...consumerModelsShape }
/** Create: the basic fields with their rules, and the mode sub-models. Status starts at '0'. */
export const consumerInputSchema = z.object(inputShape).superRefine(checkConsumer).transform(normaliseConsumer)
export type ConsumerInput = z.input<typeof consumerInputSchema>
/** Update: changed fields beside id and version; the merged consumer must pass consumerInputSchema. */
export const consumerUpdateSchema = z.object(inputShape).partial().extend({ id: z.string().min(1), version: z.number().int() })
/** Status change and delete: the full consumer may be sent; id and (optionally) version count. */
export const consumerRefSchema = z.object({ id: z.string().min(1), version: z.number().int().optional() })

const base = { area: 'datahub', access: 'session', permission: TOPIC_PERMISSION } as const

export const consumerListAll = defineEndpoint({
  ...base,
  id: 'datahub.consumer.listAll',
  method: 'GET',
  path: '/consumer/listAll',
  input: z.object({ topicCode: z.string().min(1, 'msg_topic_required') }),
  output: z.array(consumerEntitySchema),
})

export const consumerGet = defineEndpoint({
  ...base,
  id: 'datahub.consumer.get',
  method: 'GET',
  path: '/consumer/get',
  input: z.object({ id: z.string().min(1) }),
  output: consumerEntitySchema,
})

export const consumerCreate = defineEndpoint({
  ...base,
  id: 'datahub.consumer.create',
  method: 'POST',
  path: '/consumer/create',
  input: consumerInputSchema,
  output: consumerEntitySchema,
})

export const consumerUpdate = defineEndpoint({
  ...base,
  id: 'datahub.consumer.update',
  method: 'POST',
  path: '/consumer/update',
  input: consumerUpdateSchema,
  output: consumerEntitySchema,
})

/** Starts a consumer that is not running, stops one that is (nextConsumerStatus); data.version moves. */
export const consumerStatus = defineEndpoint({
  ...base,
  id: 'datahub.consumer.status',
  method: 'POST',
  path: '/consumer/status',
  input: consumerRefSchema,
  output: consumerEntitySchema,
})

export const consumerDelete = defineEndpoint({
  ...base,
  id: 'datahub.consumer.delete',
  method: 'POST',
  path: '/consumer/delete',
  input: consumerRefSchema,
  output: z.null(),
})

/**
 * Spec part 1 §4/§7 "Inner/outer API path lookup by code returns data.path" (the path of the call
 * is not shown; this one is ours). When the operator picks a consumer's application, the console
 * asks for the path its API is served under at this hub's gateway: type '0' an enabled internal
 * route, '1' an enabled external one. A route belongs to the application when it lies under the
 * application's route path below /inner or /outer (its code when it has none); the answer is that
 * route's path up to its first wildcard ('/inner/crm/**' → '/inner/crm'), the shortest when
 * several match (see rules/platform/apps/applicationApiPath). No such route: path ''. An unknown
 * application code is refused (4040). The editor fills the http consumer's requestUri with it
 * when that is still empty.
 */
export const consumerGetApiPath = defineEndpoint({
  ...base,
  id: 'datahub.consumer.getApiPath',
  method: 'GET',
  path: '/consumer/getApiPath',
  input: z.object({
    appCode: z.string().trim().min(1, 'msg_app_code_required'),
    type: z.enum(API_PATH_TYPES, { error: 'msg_apps_app_type_required' }),
  }),
  output: z.object({ path: z.string() }),
})
