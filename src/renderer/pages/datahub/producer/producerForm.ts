import { z } from 'zod'
import type { Producer } from '../../../../shared/contract/datahub/producer'
// The shared rules' positive integer of up to 11 digits (first digit 1-9), as for retry numbers.
import { RETRY_NUMBER as POSITIVE_INTEGER } from '../../../../shared/rules/datahub/common'
import { producerFormSchema, SCHEDULED_MODES, type ProductionMode } from '../../../../shared/rules/datahub/producer'

/** The fields the basic and remark tabs edit; the mode sub-forms come in later issues. */
export interface ProducerValues {
  topicCode: string
  appType: string
  appCode: string
  productionMode: string
  requestStrategy: string
  pollingInterval: string
  intervalUnit: string
  retriable: string
  retryNum: string
  retryTimeInterval: string
  remark: string
}
export const PRODUCER_FIELDS = [
  'topicCode', 'appType', 'appCode', 'productionMode', 'requestStrategy', 'pollingInterval', 'intervalUnit', 'retriable', 'retryNum', 'retryTimeInterval', 'remark',
] as const satisfies readonly (keyof ProducerValues)[]

/** Spec §3/§9 defaults: appType 0, requestStrategy 1, intervalUnit 1, retriable 0. */
export const blankProducer = (topicCode: string): ProducerValues => ({
  topicCode,
  appType: '0',
  appCode: '',
  productionMode: '',
  requestStrategy: '1',
  pollingInterval: '',
  intervalUnit: '1',
  retriable: '0',
  retryNum: '0',
  retryTimeInterval: '',
  remark: '',
})

export const valuesFromProducer = (p: Producer): ProducerValues => Object.fromEntries(PRODUCER_FIELDS.map((f) => [f, String(p[f] ?? '')])) as unknown as ProducerValues

/** Spec §4: the application type radio is fixed for the modes the source calls us in. */
export const APP_TYPE_LOCKED_MODES: readonly string[] = ['serverApi', 'serverApiWS']
/** Spec §4: no callback tab for these modes (and none before the producer exists). */
export const NO_CALLBACK_MODES: readonly string[] = ['dblink', 'excel', 'ldap', 'bigdata']
/** Spec §5: pollingInterval is required for these modes (when they poll). */
const POLLING_REQUIRED: readonly string[] = ['http', 'webservice', 'dblink']
export const POLLING = '2'

export const isScheduled = (mode: string): boolean => SCHEDULED_MODES.includes(mode as ProductionMode)

/**
 * The shared producer rule, plus the one the spec ties to the form: a polling producer of the
 * modes named needs its interval.
 */
export const producerEditorSchema = producerFormSchema.superRefine((v, ctx) => {
  if (v.requestStrategy === POLLING && POLLING_REQUIRED.includes(v.productionMode) && !POSITIVE_INTEGER.test(v.pollingInterval)) {
    ctx.addIssue({ code: 'custom', path: ['pollingInterval'], message: 'msg_positive_integer', input: v.pollingInterval })
  }
})
export type ProducerEditorOutput = z.output<typeof producerEditorSchema>

/** An update sends what this editor changes only: the other fields keep what other tabs saved. */
export const editedFields = (v: ProducerEditorOutput): Pick<ProducerEditorOutput, (typeof PRODUCER_FIELDS)[number]> =>
  Object.fromEntries(PRODUCER_FIELDS.map((f) => [f, v[f]])) as Pick<ProducerEditorOutput, (typeof PRODUCER_FIELDS)[number]>
