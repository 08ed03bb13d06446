import { z } from 'zod'
import {
  alarmShape,
  checkRetryAndProcessors,
  normaliseRetryAndProcessors,
  processorShape,
  remarkRule,
  requiredText,
  retryShape,
  schemaTextRule,
} from './common'
import { fieldMappingsRule } from './mapping'
import { ROUTING_KEY_MAX } from './route'

/** Spec §9: how a consumer delivers data. */
export const CONSUME_TYPES = ['http', 'webservice', 'serverApi', 'dblink', 'excel', 'file', 'mq', 'bigdata'] as const
export type ConsumeType = (typeof CONSUME_TYPES)[number]

/**
 * Spec §4: a consumer is '0' when new, '1' running, '2' stopped. The toggle starts a consumer
 * that is not running and stops one that is; see nextConsumerStatus.
 */
export const CONSUMER_STATUSES = ['0', '1', '2'] as const
export const CONSUMER_RUNNING = '1'

/**
 * Spec: "a consumer toggle sets 1 when it was 0, otherwise 2". Read literally a stopped consumer
 * ('2') would stay '2' for ever; we read "otherwise" as "when it runs", so '2' starts again.
 */
export const nextConsumerStatus = (status: string): '1' | '2' => (status === CONSUMER_RUNNING ? '2' : '1')

/** Spec §5: letters, digits, Chinese characters and spaces. */
export const NAME_SPACE_CHARS = /^[A-Za-z0-9\u4e00-\u9fff ]+$/

/** Notification settings travel as JSON text of a list (spec §7); empty means none. */
export function isJsonListText(text: string): boolean {
  if (text.trim() === '') return true
  try {
    return Array.isArray(JSON.parse(text))
  } catch {
    return false
  }
}

/** Basic-tab fields of a consumer with their rules (spec part 1 §5). */
export const consumerRuleShape = {
  topicCode: requiredText('msg_topic_required', 64),
  /** The topic code unless the topic routes by key (distributeType '2'); the hub decides. */
  routingKey: z.string().trim().max(ROUTING_KEY_MAX, 'msg_routing_key_length').default(''),
  applicationCode: requiredText('msg_app_code_required', 50, 'msg_application_rule').regex(NAME_SPACE_CHARS, 'msg_application_rule'),
  applicationName: z.string().max(200, 'msg_field_invalid').default(''),
  applicationType: z.string().max(50, 'msg_application_rule').regex(NAME_SPACE_CHARS, 'msg_application_rule').default('0'),
  applicationMaintainer: z.string().max(200, 'msg_field_invalid').default(''),
  dataConsumeType: z.enum(CONSUME_TYPES, { error: 'msg_consume_type_required' }),
  datasourceName: z.string().max(200, 'msg_field_invalid').default(''),
  remark: remarkRule,
  requestBodySchema: schemaTextRule,
  ...alarmShape,
  extraEmail: z.string().max(500, 'msg_email_length').default(''),
  notifyInfo: z.string().max(20000, 'msg_notify_info_invalid').default('').refine(isJsonListText, 'msg_notify_info_invalid'),
  fieldMappings: fieldMappingsRule,
  ...retryShape,
  ...processorShape,
}

export const checkConsumer = checkRetryAndProcessors
export const normaliseConsumer = normaliseRetryAndProcessors

export const consumerFormSchema = z.object(consumerRuleShape).superRefine(checkConsumer).transform(normaliseConsumer)
export type ConsumerForm = z.input<typeof consumerFormSchema>
