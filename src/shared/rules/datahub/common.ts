import { z } from 'zod'
import { orEmpty, POSITIVE_INTEGER } from '../patterns'

/**
 * Field rules the topic, producer and consumer forms share (spec part 1 §5). Messages are
 * translation keys of the `messages` namespace: the console shows them on blur, the hub answers
 * them in a '4001' field list.
 */

/** Spec: processor and route-syntax modes. */
export const PROCESSOR_TYPES = ['JsonPath', 'XPath', 'JavaScript', 'Bean', 'Java'] as const
export type ProcessorType = (typeof PROCESSOR_TYPES)[number]
/**
 * The type a processor starts with. The spec says Java, but this hub runs no Java (Bean and Java
 * processors are refused at save: runtime.ts RUNNABLE_PROCESSOR_TYPES), so a new processor left
 * at its default could never be saved (issue 33): it starts as JavaScript, which the hub runs and
 * which can do what the others do.
 */
export const DEFAULT_PROCESSOR_TYPE: ProcessorType = 'JavaScript'

export const REMARK_MAX = 255
export const SCHEMA_MAX = 5000
export const EXPRESSION_MAX = 9999
export const PROCESSOR_REMARK_MAX = 99

/** '1' yes / enabled, '0' no / disabled: the spec writes flags as strings. */
export const flagRule = (key: string) => z.enum(['0', '1'], { error: key })

export const remarkRule = z.string().max(REMARK_MAX, 'msg_remark_length').default('')
/** Part 2 §9: schema texts up to 5000 characters. */
export const schemaTextRule = z.string().max(SCHEMA_MAX, 'msg_schema_length').default('')

/** Spec: retry number and interval are positive integers of up to 11 digits, first digit 1–9. */
export const RETRY_NUMBER = POSITIVE_INTEGER
/** Empty (not set) or a positive integer: requestStrategy, intervalUnit, pollingInterval. */
export const optionalPositiveInteger = z.string().regex(orEmpty(POSITIVE_INTEGER), 'msg_positive_integer')

/** Required text with one key for "missing" and "empty" (and no further complaint then). */
export const requiredText = (key: string, max: number, maxKey = key) =>
  z.string({ error: key }).trim().min(1, { error: key, abort: true }).max(max, maxKey)

export const retryShape = {
  retriable: flagRule('msg_retriable_required').default('0'),
  retryNum: z.string().max(11, 'msg_retry_num_rule').default('0'),
  retryTimeInterval: z.string().max(11, 'msg_retry_interval_rule').default(''),
}
export interface RetryFields {
  retriable: string
  retryNum: string
  retryTimeInterval: string
}

/** With retry on, both numbers must be positive integers (part 1 §5). */
export function checkRetry(v: RetryFields, ctx: z.RefinementCtx): void {
  if (v.retriable !== '1') return
  if (!RETRY_NUMBER.test(v.retryNum)) ctx.addIssue({ code: 'custom', path: ['retryNum'], message: 'msg_retry_num_rule', input: v.retryNum })
  if (!RETRY_NUMBER.test(v.retryTimeInterval)) {
    ctx.addIssue({ code: 'custom', path: ['retryTimeInterval'], message: 'msg_retry_interval_rule', input: v.retryTimeInterval })
  }
}

/** Spec §4: setting retriable to '0' resets retryNum to '0'. */
export const normaliseRetry = <T extends RetryFields>(v: T): T => (v.retriable === '0' ? { ...v, retryNum: '0' } : v)

const processorEnabled = () => flagRule('msg_flag_required').default('0')
const processorType = () => z.enum(PROCESSOR_TYPES, { error: 'msg_processor_type_required' }).default(DEFAULT_PROCESSOR_TYPE)
const processorExpression = () => z.string().max(EXPRESSION_MAX, 'msg_processor_expression_length').default('')
const processorRemark = () => z.string().max(PROCESSOR_REMARK_MAX, 'msg_processor_remark_length').default('')

/** Pre- and post-processing: enabled flag, type, expression, remark (spec §3, §5). */
export const processorShape = {
  preProcessorEnabled: processorEnabled(),
  preProcessorType: processorType(),
  preProcessorExpression: processorExpression(),
  preProcessorRemark: processorRemark(),
  postProcessorEnabled: processorEnabled(),
  postProcessorType: processorType(),
  postProcessorExpression: processorExpression(),
  postProcessorRemark: processorRemark(),
}

export interface ProcessorFields {
  preProcessorEnabled: string
  preProcessorExpression: string
  postProcessorEnabled: string
  postProcessorExpression: string
}

/** An enabled processor needs an expression (spec: expression 1–9999). */
export function checkProcessors(v: ProcessorFields, ctx: z.RefinementCtx): void {
  for (const side of ['pre', 'post'] as const) {
    if (v[`${side}ProcessorEnabled`] === '1' && v[`${side}ProcessorExpression`].trim() === '') {
      ctx.addIssue({ code: 'custom', path: [`${side}ProcessorExpression`], message: 'msg_processor_expression_required', input: '' })
    }
  }
}

/** Spec §4: disabling a processor saves its expression blank. */
export function normaliseProcessors<T extends ProcessorFields>(v: T): T {
  return {
    ...v,
    preProcessorExpression: v.preProcessorEnabled === '1' ? v.preProcessorExpression : '',
    postProcessorExpression: v.postProcessorEnabled === '1' ? v.postProcessorExpression : '',
  }
}

/** What producers and consumers both check across fields: the retry and processor settings. */
export function checkRetryAndProcessors(v: RetryFields & ProcessorFields, ctx: z.RefinementCtx): void {
  checkRetry(v, ctx)
  checkProcessors(v, ctx)
}
export const normaliseRetryAndProcessors = <T extends RetryFields & ProcessorFields>(v: T): T => normaliseProcessors(normaliseRetry(v))

/** Alarm settings of producers and consumers: the configuration as JSON text (alarmConfigSchema in the contract). */
export const alarmShape = {
  alarm: z.string().max(5000, 'msg_schema_length').default(''),
  alarmStatus: flagRule('msg_flag_required').default('0'),
  receiveEmail: z.string().max(500, 'msg_email_length').default(''),
}
