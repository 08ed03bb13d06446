import { z } from 'zod'
import {
  alarmShape,
  checkRetryAndProcessors,
  normaliseRetryAndProcessors,
  optionalPositiveInteger,
  type ProcessorFields,
  type RetryFields,
  processorShape,
  remarkRule,
  requiredText,
  retryShape,
  schemaTextRule,
} from './common'
import { checkProducerMode, normaliseProducerMode } from './producerModes'
import { localDateTimeRule } from '../dateTime'
import { chars } from '../patterns'

/** Spec §3: how a producer obtains its data. */
export const PRODUCTION_MODES = ['http', 'webservice', 'serverApi', 'serverApiWS', 'dblink', 'excel', 'ldap', 'mq', 'bigdata'] as const
export type ProductionMode = (typeof PRODUCTION_MODES)[number]

/**
 * Modes in which the hub fetches the data itself, on the producer's schedule (an excel
 * producer reads the workbooks waiting in its inbox). serverApi and serverApiWS are called by
 * the source and mq listens to its broker continuously: those never run on a schedule,
 * whatever requestStrategy says. bigdata is scheduled by the spec, but no producer of it can
 * be started here (no HBase / Phoenix driver).
 */
export const SCHEDULED_MODES: readonly ProductionMode[] = ['http', 'webservice', 'dblink', 'excel', 'ldap', 'bigdata']

/** Spec: producer status '0' stopped (editable), '1' running, '2' also running (view only). */
export const PRODUCER_STATUSES = ['0', '1', '2'] as const
export const PRODUCER_STOPPED = '0'

/** Spec §5: letters, digits and Chinese characters. */
export const NAME_CHARS = chars(['letters', 'digits', 'chinese'], 1)

/**
 * The basic-tab fields of a producer with their rules (spec part 1 §5). The mode editors'
 * rules (http, dblink, …) come with those editors.
 */
export const producerRuleShape = {
  topicCode: requiredText('msg_topic_required', 64),
  appCode: requiredText('msg_app_code_required', 50, 'msg_app_code_length'),
  appType: z.string().max(50, 'msg_app_type_rule').regex(NAME_CHARS, 'msg_app_type_rule').default('0'),
  appName: z.string().max(200, 'msg_field_invalid').default(''),
  appManagerEmail: z.string().max(500, 'msg_email_length').default(''),
  productionMode: z.enum(PRODUCTION_MODES, { error: 'msg_production_mode_required' }),
  dataSourceName: z.string().max(200, 'msg_field_invalid').default(''),
  transParam: z.string().max(10000, 'msg_field_invalid').default(''),
  requestSchema: schemaTextRule,
  remark: remarkRule,
  /** Spec §9: polling defaults requestStrategy 1 and intervalUnit 1. */
  requestStrategy: optionalPositiveInteger.default('1'),
  intervalUnit: optionalPositiveInteger.default('1'),
  /** Schedule: comma-joined weekday numbers (1 Monday … 7 Sunday), hours 00–23, minutes 00–55. */
  weeks: z.string().max(100, 'msg_field_invalid').default(''),
  minutes: z.string().max(200, 'msg_field_invalid').default(''),
  amHours: z.string().max(100, 'msg_field_invalid').default(''),
  pmHours: z.string().max(100, 'msg_field_invalid').default(''),
  pollingInterval: optionalPositiveInteger.default(''),
  /** Polling's start: a local date-time in the spec's or ISO's form, kept as 'yyyy-MM-ddTHH:mm:ss' (rules/dateTime.ts), or ''. */
  pollingStartTime: localDateTimeRule().default(''),
  ...alarmShape,
  /** Spec: columns default '*'. */
  columns: z.string().max(10000, 'msg_field_invalid').default('*'),
  ...retryShape,
  ...processorShape,
}

/** Retry, processors, and the active mode's sub-model when it is sent (producerModes). */
export function checkProducer(v: RetryFields & ProcessorFields & { productionMode?: string }, ctx: z.RefinementCtx): void {
  checkRetryAndProcessors(v, ctx)
  checkProducerMode(v, ctx)
}
export const normaliseProducer = <T extends RetryFields & ProcessorFields & { productionMode?: string }>(v: T): T => normaliseProducerMode(normaliseRetryAndProcessors(v))

export const producerFormSchema = z.object(producerRuleShape).superRefine(checkProducer).transform(normaliseProducer)
export type ProducerForm = z.input<typeof producerFormSchema>
