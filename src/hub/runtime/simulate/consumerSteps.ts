import type { Consumer } from '../../../shared/contract/datahub/consumer'
import type { ConsumerResult, DeliveryPreview, StepNote } from '../../../shared/contract/datahub/simulate'
import { rewritesRowsEachRun } from '../../../shared/rules/datahub/fullSync'
import { ResultCode } from '../../../shared/envelope'
import type { CallContext } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { postProcess } from '../deliver/dispatch'
import { CONTENT_TYPES, type Payload } from '../engines/payload'
import type { RuntimeSettings } from '../settings'
import { dbLinkRowsPreview } from './dbLinkRows'
import { httpRequestPreview } from './httpRequest'
import { matchesNothing } from './matched'
import { soapRequestPreview } from './soapRequest'
import { failed, ran, skipped } from './steps'

/** The delivery would fail: an insert of a key the table already has. */
const duplicateKeys = (table: string, keys: readonly string[]) => new Refusal(ResultCode.conflict, 'msg_simulate_duplicate_key', { table, keys: keys.join('; ') })

/** The message id a simulated request carries where a real one carries the stored message's. */
export const SIMULATED_MESSAGE_ID = 'simulated'

export interface ConsumerTry {
  consumer: Consumer
  /** The message after pre-processing; null when an earlier step stopped it. */
  payload: Payload | null
  reached: boolean
  topicCode: string
  /** The mapping editor's unsaved table, for this consumer. */
  mappingsText?: string
  readTargetColumns: boolean
  /** The topic's producer, whose way of reading says whether the same rows come again each run. */
  producer?: Parameters<typeof rewritesRowsEachRun>[0]
}

const noPreview = { http: null, webService: null, dbLink: null }

/**
 * One consumer's steps: its post-processing (the delivery's postProcess: same sandbox and
 * limits) and what its consume type would do with the result — the http request, the SOAP
 * request, the dblink rows — built by the deliverers' own pieces and never sent or written.
 */
export async function consumerSteps(call: CallContext, settings: RuntimeSettings, t: ConsumerTry): Promise<ConsumerResult> {
  const { consumer } = t
  const head = {
    consumerId: consumer.id,
    applicationName: consumer.applicationName,
    dataConsumeType: consumer.dataConsumeType,
    routingKey: consumer.routingKey,
    enabled: consumer.status === '1',
    reached: t.reached,
  }
  const processor = { enabled: consumer.postProcessorEnabled === '1', type: consumer.postProcessorType, expression: consumer.postProcessorExpression }
  if (!t.payload) return { ...head, postProcess: { ...skipped(), ...processor, output: null }, delivery: { ...skipped(), ...noPreview } }

  let output: Payload
  try {
    output = await postProcess(consumer, t.payload.text, CONTENT_TYPES[t.payload.format], settings)
  } catch (err) {
    return { ...head, postProcess: { ...failed(err, call.locale), ...processor, output: null }, delivery: { ...skipped(), ...noPreview } }
  }
  const notes: StepNote[] = []
  if (!processor.enabled || processor.expression.trim() === '') notes.push('noProcessor')
  else if (await matchesNothing(processor.type, processor.expression, t.payload, settings.script, { topicCode: consumer.topicCode })) notes.push('matchedNothing')
  return { ...head, postProcess: { ...ran(notes), ...processor, output }, delivery: await deliveryPreview(call, t, output) }
}

async function deliveryPreview(call: CallContext, t: ConsumerTry, payload: Payload): Promise<DeliveryPreview> {
  const message = { messageId: SIMULATED_MESSAGE_ID, topicCode: t.topicCode }
  try {
    switch (t.consumer.dataConsumeType) {
      case 'http': {
        const { http, notes } = await httpRequestPreview(call.hub, t.consumer, payload, message)
        return { ...ran(notes), ...noPreview, http }
      }
      case 'webservice':
        return { ...ran(), ...noPreview, webService: await soapRequestPreview(call.hub.config, t.consumer, payload, message) }
      case 'dblink': {
        const { dbLink, notes, columnsFailure } = await dbLinkRowsPreview(call, t.consumer, payload, { mappingsText: t.mappingsText, readColumns: t.readTargetColumns })
        if (rewritesRowsEachRun(t.producer, t.consumer)) notes.push('rewritesEachRun')
        // Read, not predicted: the table already holds these keys, so this delivery would fail.
        const refusal = columnsFailure ?? (dbLink.duplicateKeys.length > 0 ? duplicateKeys(dbLink.table, dbLink.duplicateKeys) : null)
        return { ...(refusal ? failed(refusal, call.locale, notes) : ran(notes)), ...noPreview, dbLink }
      }
      default:
        // mq, file, excel and pulled (serverApi) consumers take the post-processed message as it is.
        return { ...skipped(['notPreviewed']), ...noPreview }
    }
  } catch (err) {
    return { ...failed(err, call.locale), ...noPreview }
  }
}
