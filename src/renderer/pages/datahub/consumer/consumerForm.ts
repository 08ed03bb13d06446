import { z } from 'zod'
import type { Consumer } from '../../../../shared/contract/datahub/consumer'
import { consumerModelsShape } from '../../../../shared/contract/datahub/consumerModels'
import { checkRetryAndProcessors } from '../../../../shared/rules/datahub/common'
import {
  checkConsumerModel,
  CONSUME_TYPES,
  CONSUMER_MODEL_OF,
  consumerRuleShape,
  modelOf,
  normaliseConsumer,
  type ConsumeType,
} from '../../../../shared/rules/datahub/consumer'
import type { PropertyValue } from '../editor/PropertiesTab'
import { asStored, resolveGateIssue, withoutResolveMark } from '../wsdl/resolveGate'
import { blankModel } from './consumerTypeFields'
import { notifyErrors, notifyFormOf } from './notifyInfo'
import { ROUTE_BY_KEY } from '../../../../shared/rules/datahub/topic'
import { alarmDefaults, PROCESSOR_FIELDS, processorDefaults } from '../editor/editorDefaults'

/** What the consumer editor's tabs edit (spec part 1 §3 consumer). */
export interface ConsumerValues {
  topicCode: string
  routingKey: string
  applicationType: string
  applicationCode: string
  /** The chosen application's name (flow boxes show it); kept as loaded when the code stays. */
  applicationName: string
  dataConsumeType: string
  retriable: string
  retryNum: string
  retryTimeInterval: string
  remark: string
  datasourceName: string
  /** JSON text of the result notifications (NotifyInfoFields edits it through notifyFormOf / notifyTextOf). */
  notifyInfo: string
  alarm: string
  alarmStatus: string
  receiveEmail: string
  preProcessorEnabled: string
  preProcessorType: string
  preProcessorExpression: string
  preProcessorRemark: string
  postProcessorEnabled: string
  postProcessorType: string
  postProcessorExpression: string
  postProcessorRemark: string
  /** The consume type's sub-model, flat (excel: excelModels[0]); rule paths name it by its key. */
  model: Record<string, unknown>
  /** The sub-model's property rows (properties tab). */
  properties: PropertyValue[]
  /**
   * The stored mapping table (JSON text). Not edited through the form: the mapping tab keeps its
   * rows itself (useMappingTable) and hands the text over at save; the rule does not re-read it.
   */
  fieldMappings: string
}
export const CONSUMER_FIELDS = [
  'topicCode', 'routingKey', 'applicationType', 'applicationCode', 'applicationName', 'dataConsumeType', 'retriable', 'retryNum', 'retryTimeInterval', 'remark',
  'datasourceName', 'notifyInfo', 'alarm', 'alarmStatus', 'receiveEmail',
  ...PROCESSOR_FIELDS,
] as const satisfies readonly (keyof ConsumerValues)[]

/** Spec §3 defaults: applicationType '0', retriable '0', retryNum '0'. */
export const blankConsumer = (topicCode: string): ConsumerValues => ({
  topicCode,
  routingKey: '',
  applicationType: '0',
  applicationCode: '',
  applicationName: '',
  dataConsumeType: '',
  retriable: '0',
  retryNum: '0',
  retryTimeInterval: '',
  remark: '',
  datasourceName: '',
  notifyInfo: '',
  ...alarmDefaults(),
  ...processorDefaults(),
  model: {},
  properties: [],
  fieldMappings: '',
})

export const asConsumeType = (v: string): ConsumeType | undefined => CONSUME_TYPES.find((t) => t === v)

function propertiesOf(c: Consumer): PropertyValue[] {
  const type = asConsumeType(c.dataConsumeType)
  const m = type ? modelOf(c as unknown as Record<string, unknown> & { dataConsumeType: string }, type) : null
  return Array.isArray(m?.properties) ? (m.properties as PropertyValue[]) : []
}

/** The sub-model of a loaded consumer, without its property rows (edited on their own tab). */
function flatModel(c: Consumer): Record<string, unknown> {
  const type = asConsumeType(c.dataConsumeType)
  const m = type ? modelOf(c as unknown as Record<string, unknown> & { dataConsumeType: string }, type) : null
  if (!m) return type ? blankModel(type) : {}
  const { properties: _properties, ...rest } = m
  // A stored webservice consumer's operation came from its stored address (resolveGate.ts).
  return type === 'webservice' ? asStored(rest) : rest
}

export const valuesFromConsumer = (c: Consumer): ConsumerValues =>
  ({
    // Fields a stored consumer lacks take the editor's defaults (spec §3), not an empty text.
    ...blankConsumer(c.topicCode),
    ...Object.fromEntries(CONSUMER_FIELDS.filter((f) => c[f] != null).map((f) => [f, String(c[f])])),
    model: flatModel(c),
    properties: propertiesOf(c),
    fieldMappings: c.fieldMappings ?? '',
  }) as unknown as ConsumerValues

/**
 * Sub-model fields the form does not edit (lists such as properties, parameter rows) are kept from
 * the loaded consumer so that saving does not drop them.
 */
export function modelPayload(type: string, model: Record<string, unknown>, properties: readonly PropertyValue[], loaded?: Consumer | null): Record<string, unknown> {
  const t = asConsumeType(type)
  if (!t) return {}
  const key = CONSUMER_MODEL_OF[t]
  const before = loaded && loaded.dataConsumeType === t ? modelOf(loaded as unknown as Record<string, unknown> & { dataConsumeType: string }, t) : null
  const merged = { ...(before ?? {}), ...withoutResolveMark(model), properties }
  return { [key]: t === 'excel' ? [merged] : merged }
}

/**
 * What the rule checks: the form with its sub-model under the type's key, without the mapping
 * text (a 100k-row table is not re-parsed on every keystroke).
 */
export const ruleInput = ({ fieldMappings: _mappings, model, properties, ...rest }: ConsumerValues): Record<string, unknown> => ({
  ...rest,
  ...modelPayload(rest.dataConsumeType, model, properties),
  // Whether the WSDL address shown was resolved (resolveGate.ts); never sent.
  wsdlGate: rest.dataConsumeType === 'webservice' ? resolveGateIssue(model) : null,
})

/** Spec §4: no mapping tab for these types (and none before the consumer exists). */
export const NO_MAPPING_TYPES: readonly string[] = ['http', 'webservice', 'file']

/**
 * The shared consumer rule for a topic: when the topic routes by key the routing key is required;
 * otherwise it is the topic code (spec §4), whatever the form held.
 */
export function consumerEditorSchema(distributeType: string, topicCode: string) {
  const byKey = distributeType === ROUTE_BY_KEY
  return z
    .object({ ...consumerRuleShape, ...consumerModelsShape, wsdlGate: z.string().nullable().default(null) })
    .superRefine((v, ctx) => {
      checkRetryAndProcessors(v, ctx)
      if (byKey && v.routingKey === '') ctx.addIssue({ code: 'custom', path: ['routingKey'], message: 'msg_routing_key_required', input: '' })
      // The editor also requires what the type needs (the hub checks only formats: checkConsumer).
      checkConsumerModel(v, ctx, true)
      if (v.wsdlGate) ctx.addIssue({ code: 'custom', path: [CONSUMER_MODEL_OF.webservice, 'wsdlUrl'], message: v.wsdlGate, input: '' })
      for (const [path, message] of Object.entries(notifyErrors(notifyFormOf(v.notifyInfo)))) ctx.addIssue({ code: 'custom', path: path.split('.'), message, input: '' })
    })
    .transform((v) => normaliseConsumer({ ...v, routingKey: byKey ? v.routingKey : topicCode }))
}
export type ConsumerEditorOutput = z.output<ReturnType<typeof consumerEditorSchema>>

export const editedConsumerFields = (v: ConsumerEditorOutput): Pick<ConsumerEditorOutput, (typeof CONSUMER_FIELDS)[number]> =>
  Object.fromEntries(CONSUMER_FIELDS.map((f) => [f, v[f]])) as Pick<ConsumerEditorOutput, (typeof CONSUMER_FIELDS)[number]>

/** Messages under a path prefix, keyed by the rest of the path (a sub-model's fields, its property rows). */
export const errorsUnder = (errors: Record<string, string>, prefix: string): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).filter(([p]) => p.startsWith(prefix)).map(([p, m]) => [p.slice(prefix.length), m]))
