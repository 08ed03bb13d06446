import { z } from 'zod'
import type { Consumer } from '../../../../shared/contract/datahub/consumer'
import { checkConsumer, consumerRuleShape, normaliseConsumer } from '../../../../shared/rules/datahub/consumer'
import { ROUTE_BY_KEY } from '../../../../shared/rules/datahub/topic'

/** The fields the basic and remark tabs edit; the consume-type sub-forms come in later issues. */
export interface ConsumerValues {
  topicCode: string
  routingKey: string
  applicationType: string
  applicationCode: string
  dataConsumeType: string
  retriable: string
  retryNum: string
  retryTimeInterval: string
  remark: string
}
export const CONSUMER_FIELDS = [
  'topicCode', 'routingKey', 'applicationType', 'applicationCode', 'dataConsumeType', 'retriable', 'retryNum', 'retryTimeInterval', 'remark',
] as const satisfies readonly (keyof ConsumerValues)[]

/** Spec §3 defaults: applicationType '0', retriable '0', retryNum '0'. */
export const blankConsumer = (topicCode: string): ConsumerValues => ({
  topicCode,
  routingKey: '',
  applicationType: '0',
  applicationCode: '',
  dataConsumeType: '',
  retriable: '0',
  retryNum: '0',
  retryTimeInterval: '',
  remark: '',
})

export const valuesFromConsumer = (c: Consumer): ConsumerValues => Object.fromEntries(CONSUMER_FIELDS.map((f) => [f, String(c[f] ?? '')])) as unknown as ConsumerValues

/** Spec §4: no mapping tab for these types (and none before the consumer exists). */
export const NO_MAPPING_TYPES: readonly string[] = ['http', 'webservice', 'file']

/**
 * The shared consumer rule for a topic: when the topic routes by key the routing key is required;
 * otherwise it is the topic code (spec §4), whatever the form held.
 */
export function consumerEditorSchema(distributeType: string, topicCode: string) {
  const byKey = distributeType === ROUTE_BY_KEY
  return z
    .object(consumerRuleShape)
    .superRefine(checkConsumer)
    .superRefine((v, ctx) => {
      if (byKey && v.routingKey === '') ctx.addIssue({ code: 'custom', path: ['routingKey'], message: 'msg_routing_key_required', input: '' })
    })
    .transform((v) => normaliseConsumer({ ...v, routingKey: byKey ? v.routingKey : topicCode }))
}
export type ConsumerEditorOutput = z.output<ReturnType<typeof consumerEditorSchema>>

export const editedConsumerFields = (v: ConsumerEditorOutput): Pick<ConsumerEditorOutput, (typeof CONSUMER_FIELDS)[number]> =>
  Object.fromEntries(CONSUMER_FIELDS.map((f) => [f, v[f]])) as Pick<ConsumerEditorOutput, (typeof CONSUMER_FIELDS)[number]>
