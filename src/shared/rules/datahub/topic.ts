import { z } from 'zod'
import { flagRule, remarkRule, SCHEMA_MAX, schemaTextRule } from './common'
import { routeRowRuleSchema } from './route'
import { tagsRule } from './tags'

/**
 * Topic form rules (spec part 1 §5). Name 3–64 and code 1–64 as part 1 binds them to the topic
 * form; part 2's catalogue says "topic/job names 3-50" without naming the form, so part 1 wins.
 *
 * The code is an identifier that producers, consumers and routing keys refer to: letters,
 * digits, underscore, dot and hyphen only (our choice; the spec gives no character set).
 */
export const TOPIC_CODE_MAX = 64
export const TOPIC_NAME_MIN = 3
export const TOPIC_NAME_MAX = 64
export const TOPIC_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/
export const LOG_DAYS_MAX = 3650

/** '1' broadcasts to every consumer; '2' routes by key through the route table. */
export const DISTRIBUTE_TYPES = ['1', '2'] as const
export const ROUTE_BY_KEY = '2'

const logDays = (fallback: number) =>
  z.number({ error: 'msg_log_days_rule' }).int('msg_log_days_rule').min(1, 'msg_log_days_rule').max(LOG_DAYS_MAX, 'msg_log_days_rule').default(fallback)

export const topicCodeRule = z
  .string({ error: 'msg_topic_code_required' })
  .trim()
  // abort: an empty code is "required", not also "too short" or "bad characters".
  .min(1, { error: 'msg_topic_code_required', abort: true })
  .max(TOPIC_CODE_MAX, 'msg_topic_code_length')
  .regex(TOPIC_CODE_PATTERN, 'msg_topic_code_pattern')

export const topicNameRule = z
  .string({ error: 'msg_topic_name_required' })
  .trim()
  .min(1, { error: 'msg_topic_name_required', abort: true })
  .min(TOPIC_NAME_MIN, 'msg_topic_name_length')
  .max(TOPIC_NAME_MAX, 'msg_topic_name_length')

/** Every field an administrator edits on a topic, with the spec's defaults. */
export const topicRuleShape = {
  code: topicCodeRule,
  name: topicNameRule,
  status: flagRule('msg_status_required').default('1'),
  distributeType: z.enum(DISTRIBUTE_TYPES, { error: 'msg_distribute_type_required' }).default('1'),
  remark: remarkRule,
  /** JSON schema text of the data; choosing data format json sets it to '{}' (spec §4). */
  topicSchema: schemaTextRule,
  dataStatistics: flagRule('msg_flag_required').default('1'),
  dataFormat: z.string().max(50, 'msg_field_invalid').default(''),
  dataLevel: z.string().max(50, 'msg_field_invalid').default(''),
  routeTableData: z.array(routeRowRuleSchema).max(500, 'msg_field_invalid').default([]),
  /** Alarm configuration as JSON text (see alarmConfigSchema in the contract). */
  alarm: z.string().max(SCHEMA_MAX, 'msg_schema_length').default(''),
  logStoreDay: logDays(2),
  logDataStoreDay: logDays(1),
  tags: tagsRule,
}

export const topicFormSchema = z.object(topicRuleShape)
export type TopicForm = z.input<typeof topicFormSchema>
