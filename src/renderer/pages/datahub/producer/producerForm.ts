import { z } from 'zod'
import type { Producer } from '../../../../shared/contract/datahub/producer'
import { PRODUCER_MODEL_KEYS, producerModelsShape } from '../../../../shared/contract/datahub/producerModels'
import { checkRetryAndProcessors } from '../../../../shared/rules/datahub/common'
import { normaliseProducer, producerRuleShape, SCHEDULED_MODES, type ProductionMode } from '../../../../shared/rules/datahub/producer'
import { checkProducerMode, checkSchedule, clearForActiveMq, MODE_MODELS, onRetryFlagChange, type ModeModelKey } from '../../../../shared/rules/datahub/producerModes'
import { submittedApi, type ApiObject } from '../../../components/httpApi/apiModel'
import { asStored, resolveGateIssue } from '../wsdl/resolveGate'
import { blankModel } from './modeDefaults'
import { alarmDefaults, PROCESSOR_FIELDS, processorDefaults } from '../editor/editorDefaults'

/** The producer's own text fields the editor edits (basic, callback, preprocess, remark tabs). */
export const PRODUCER_TEXT_FIELDS = [
  'topicCode', 'appType', 'appCode', 'appName', 'productionMode', 'requestStrategy', 'pollingInterval', 'intervalUnit', 'pollingStartTime', 'weeks', 'minutes', 'amHours', 'pmHours',
  'retriable', 'retryNum', 'retryTimeInterval', 'remark', 'alarm', 'alarmStatus', 'receiveEmail',
  ...PROCESSOR_FIELDS,
] as const
type TextField = (typeof PRODUCER_TEXT_FIELDS)[number]
type ModelKey = (typeof PRODUCER_MODEL_KEYS)[number]
export type ProducerModels = { [K in ModelKey]: z.input<(typeof producerModelsShape)[K]> }

/**
 * The editor's values: the text fields, every mode sub-model (only the active mode's is sent),
 * and the kind of the chosen data source (rabbitmq, activemq, …), which some rules need and
 * which is never sent.
 */
export type ProducerValues = Record<TextField, string> & ProducerModels & { sourceKind: string }

const noModels = (): ProducerModels => Object.fromEntries(PRODUCER_MODEL_KEYS.map((k) => [k, null])) as unknown as ProducerModels

/** Spec §3/§9 defaults: appType 0, requestStrategy 1, intervalUnit 1, retriable 0, processors off (Java). */
export const blankProducer = (topicCode: string): ProducerValues => ({
  topicCode,
  appType: '0',
  appCode: '',
  appName: '',
  productionMode: '',
  requestStrategy: '1',
  pollingInterval: '',
  intervalUnit: '1',
  pollingStartTime: '',
  weeks: '',
  minutes: '',
  amHours: '',
  pmHours: '',
  retriable: '0',
  retryNum: '0',
  retryTimeInterval: '',
  remark: '',
  ...alarmDefaults(),
  ...processorDefaults(),
  ...noModels(),
  sourceKind: '',
})

/** The key of the sub-model a mode edits (serverApi and serverApiWS share one). */
export const modelKeyOf = (mode: string): ModeModelKey | null => MODE_MODELS[mode as keyof typeof MODE_MODELS]?.key ?? null

/** The active mode's sub-model is always there to edit: a producer saved without it gets a blank one. */
function withModeModel(v: ProducerValues): ProducerValues {
  const key = modelKeyOf(v.productionMode)
  if (!key || v[key] != null) return v
  return { ...v, [key]: blankModel(v.productionMode) }
}

export function valuesFromProducer(p: Producer): ProducerValues {
  // Fields the answer lacks keep their defaults (a hub that speaks an older contract).
  const texts = Object.fromEntries(PRODUCER_TEXT_FIELDS.filter((f) => p[f] != null).map((f) => [f, String(p[f])])) as Record<TextField, string>
  const models = Object.fromEntries(PRODUCER_MODEL_KEYS.map((k) => [k, p[k] ?? null])) as unknown as ProducerModels
  // A stored webservice producer's operation came from its stored address (resolveGate.ts).
  models.webServiceRequestInfoModel = asStored(models.webServiceRequestInfoModel)
  return withModeModel({ ...blankProducer(p.topicCode), ...texts, ...models, sourceKind: '' })
}

/**
 * Spec §4 "changing mode swaps validation rules and loads data sources": the new mode's
 * sub-model (kept if it was edited before, else blank) and no data-source kind until one is chosen.
 */
export const modeChange = (v: ProducerValues, mode: string): Partial<ProducerValues> => {
  const key = modelKeyOf(mode)
  return { productionMode: mode, sourceKind: '', ...(key ? { [key]: v[key] ?? blankModel(mode) } : {}) }
}

/** Spec §4: the application type radio is fixed for the modes the source calls us in. */
export const APP_TYPE_LOCKED_MODES: readonly string[] = ['serverApi', 'serverApiWS']
/** Spec §4: no callback tab for these modes (and none before the producer exists). */
export const NO_CALLBACK_MODES: readonly string[] = ['dblink', 'excel', 'ldap', 'bigdata']

export const isScheduled = (mode: string): boolean => SCHEDULED_MODES.includes(mode as ProductionMode)

/** `wsdlGate`: why a webservice producer may not be saved yet (producerRuleInput); never sent. */
const editorShape = { ...producerRuleShape, ...producerModelsShape, sourceKind: z.string().default(''), wsdlGate: z.string().nullable().default(null) }

/** What the rule checks: the values, and whether the WSDL address shown was resolved (resolveGate.ts). */
export const producerRuleInput = (v: ProducerValues) => ({
  ...v,
  wsdlGate: v.productionMode === 'webservice' ? resolveGateIssue(v.webServiceRequestInfoModel as Loose | null) : null,
})

type Loose = Record<string, unknown>
const api = (value: unknown) => (value && typeof value === 'object' ? submittedApi(value as ApiObject) : value)

/** What is saved of the API objects (checked rows only) and of an ActiveMQ source (no exchange, no routing key). */
function submitted<T extends Loose>(v: T): T {
  const out: Loose = { ...v }
  const http = v.httpRequestInfoModel as Loose | null
  if (http) out.httpRequestInfoModel = { ...http, httpParamsModel: api(http.httpParamsModel), callbackHttpParamsModel: api(http.callbackHttpParamsModel) }
  const server = v.apiRequestInfoModel as Loose | null
  if (server) out.apiRequestInfoModel = { ...server, callbackHttpParamsModel: api(server.callbackHttpParamsModel) }
  const mq = v.mqRequestInfoModel as { exchangeName?: string; routingKey?: string } | null
  if (mq) out.mqRequestInfoModel = clearForActiveMq(mq, String(v.sourceKind ?? ''))
  // The dblink model's own retry flags (spec: failRetry, batchFailRetry, kept equal) follow the
  // producer's "retry on failure": the form asks once, where the count and interval are.
  const dbLink = v.dbLinkRequestInfoModel as Loose | null
  if (dbLink) out.dbLinkRequestInfoModel = onRetryFlagChange(dbLink, v.retriable === '1' ? '1' : '0')
  return out as T
}

/**
 * The shared producer rules (basic fields, retry, processors, the active mode's sub-model with
 * the data-source kind the console knows) and the schedule rule, which the spec ties to the form.
 */
export const producerEditorSchema = z
  .object(editorShape)
  .superRefine((v, ctx) => {
    checkRetryAndProcessors(v, ctx)
    checkProducerMode(v, ctx, { sourceKind: v.sourceKind })
    if (isScheduled(v.productionMode)) checkSchedule(v, ctx)
    if (v.wsdlGate) ctx.addIssue({ code: 'custom', path: ['webServiceRequestInfoModel', 'wsdlUrl'], message: v.wsdlGate, input: '' })
  })
  .transform((v) => submitted(normaliseProducer(v)))
export type ProducerEditorOutput = z.output<typeof producerEditorSchema>

/**
 * What a save sends: the text fields and the active mode's sub-model. Other modes' sub-models
 * stay out (a new producer starts without them; an existing one cannot change mode), and so
 * does the data-source kind.
 */
export function editedFields(v: ProducerEditorOutput) {
  const key = modelKeyOf(v.productionMode)
  const out: Loose = Object.fromEntries(PRODUCER_TEXT_FIELDS.map((f) => [f, v[f]]))
  if (key) out[key] = v[key]
  return out as Pick<ProducerEditorOutput, TextField> & Partial<ProducerModels>
}
