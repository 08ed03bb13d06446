import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { PRODUCER_STATUSES, PRODUCTION_MODES, checkProducer, normaliseProducer, producerRuleShape } from '../../rules/datahub/producer'
import { DEFAULT_PROCESSOR_TYPE, PROCESSOR_TYPES } from '../../rules/datahub/common'
import { pagedSchema, pageQueryShape } from '../paging'
import { auditShape } from './common'
import { TOPIC_PERMISSION } from './permissions'
import { producerModelsShape } from './producerModels'

const flag = z.enum(['0', '1'])
const processor = { enabled: flag.default('0'), type: z.enum(PROCESSOR_TYPES).default(DEFAULT_PROCESSOR_TYPE), text: z.string().default('') }

/** A producer as the hub answers it (spec part 1 §3), every field present. */
export const producerEntitySchema = z.object({
  ...auditShape,
  topicCode: z.string(),
  /** The topic's current name (read-only here). */
  topicName: z.string(),
  appCode: z.string(),
  appType: z.string().default('0'),
  appName: z.string().default(''),
  appManagerEmail: z.string().default(''),
  productionMode: z.enum(PRODUCTION_MODES),
  dataSourceName: z.string().default(''),
  transParam: z.string().default(''),
  requestSchema: z.string().default(''),
  remark: z.string().default(''),
  requestStrategy: z.string().default('1'),
  intervalUnit: z.string().default('1'),
  weeks: z.string().default(''),
  minutes: z.string().default(''),
  amHours: z.string().default(''),
  pmHours: z.string().default(''),
  pollingInterval: z.string().default(''),
  /** Polling's first fire, local date-time in the hub's time zone ('YYYY-MM-DDTHH:mm'); '' counts from the last save. */
  pollingStartTime: z.string().default(''),
  alarm: z.string().default(''),
  alarmStatus: flag.default('0'),
  receiveEmail: z.string().default(''),
  preProcessorEnabled: processor.enabled,
  preProcessorType: processor.type,
  preProcessorExpression: processor.text,
  preProcessorRemark: processor.text,
  postProcessorEnabled: processor.enabled,
  postProcessorType: processor.type,
  postProcessorExpression: processor.text,
  postProcessorRemark: processor.text,
  columns: z.string().default('*'),
  retriable: flag.default('0'),
  retryNum: z.string().default('0'),
  retryTimeInterval: z.string().default(''),
  status: z.enum(PRODUCER_STATUSES).default('0'),
  ...producerModelsShape,
})
export type Producer = z.output<typeof producerEntitySchema>

/** What a topic flow row shows of its producer (spec §2 detail mode) and its schedule. */
export const producerSummarySchema = producerEntitySchema.pick({
  id: true, version: true, topicCode: true, appCode: true, appName: true, appType: true, productionMode: true,
  alarmStatus: true, retriable: true, status: true, requestStrategy: true, intervalUnit: true, weeks: true,
  minutes: true, amHours: true, pmHours: true, pollingInterval: true, pollingStartTime: true,
})
export type ProducerSummary = z.output<typeof producerSummarySchema>

const inputShape = { ...producerRuleShape, ...producerModelsShape }
/** Create: the basic fields with their rules, and the mode sub-models. Status starts at '0'. */
export const producerInputSchema = z.object(inputShape).superRefine(checkProducer).transform(normaliseProducer)
export type ProducerInput = z.input<typeof producerInputSchema>
/**
 * Update: the fields that change, beside the id and the version the editor started from;
 * fields left out keep their value. The merged producer must pass producerInputSchema.
 */
export const producerUpdateSchema = z.object(inputShape).partial().extend({ id: z.string().min(1), version: z.number().int() })
/** Status change and delete: the full producer may be sent; id and (optionally) version count. */
export const producerRefSchema = z.object({ id: z.string().min(1), version: z.number().int().optional() })

const base = { area: 'datahub', access: 'session', permission: TOPIC_PERMISSION } as const

export const producerList = defineEndpoint({
  ...base,
  id: 'datahub.producer.list',
  method: 'GET',
  path: '/producer/list',
  input: z.object({
    ...pageQueryShape,
    topicCode: z.string().optional(),
    appCode: z.string().optional(),
    productionMode: z.string().optional(),
    status: z.string().optional(),
  }),
  output: pagedSchema(producerEntitySchema),
})

export const producerGet = defineEndpoint({
  ...base,
  id: 'datahub.producer.get',
  method: 'GET',
  path: '/producer/get',
  input: z.object({ id: z.string().min(1) }),
  output: producerEntitySchema,
})

export const producerCreate = defineEndpoint({
  ...base,
  id: 'datahub.producer.create',
  method: 'POST',
  path: '/producer/create',
  input: producerInputSchema,
  output: producerEntitySchema,
})

export const producerUpdate = defineEndpoint({
  ...base,
  id: 'datahub.producer.update',
  method: 'POST',
  path: '/producer/update',
  input: producerUpdateSchema,
  output: producerEntitySchema,
})

/** Stops a running producer ('1' or '2' → '0') or starts a stopped one ('0' → '1'). */
export const producerDisableOrEnable = defineEndpoint({
  ...base,
  id: 'datahub.producer.disableOrEnable',
  method: 'POST',
  path: '/producer/disableOrEnable',
  input: producerRefSchema,
  output: producerEntitySchema,
})

export const producerDelete = defineEndpoint({
  ...base,
  id: 'datahub.producer.delete',
  method: 'POST',
  path: '/producer/delete',
  input: producerRefSchema,
  output: z.null(),
})
