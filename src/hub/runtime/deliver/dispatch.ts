import type { Consumer } from '../../../shared/contract/datahub/consumer'
import type { MessageProperties } from '../../../shared/contract/datahub/messageProperties'
import type { HubContext } from '../../http/context'
import { EngineError, formatOfContentType, type Payload } from '../engines/payload'
import { deliverDbLink } from './dbLink'
import type { DbLinkThread } from './dbLinkThread'
import { deliverExcel } from './excel'
import { deliverFile } from './file'
import { deliverHttp } from './http'
import { deliverMq, type MqChannels } from './mq'
import type { DeliveryJob } from './types'
import { DeliveryError } from '../../kernel/deliveryError'
import { deliverWebService } from './webService'
import { applyProcessor } from '../engines/processors'
import type { RuntimeSettings } from '../settings'
import { keyed, textOf } from '../../text/keyedText'
import type { MessageKey } from '../../../../locales'

/** Consume types the spec names that this hub does not deliver yet, with why. */
const NOT_YET: Record<string, MessageKey> = {
  bigdata: 'msg_exchange_bigdata_not_yet',
}

/** Connections the worker keeps open between tries (closed when it stops). */
export interface Connections {
  mq: MqChannels
  /** dblink writes run on a thread of their own, which keeps the connection pools. */
  dbLink: DbLinkThread
  /** Connections per dblink data source (the deliveries one consumer runs at once). */
  dbLinkPoolSize: number
}

export interface DispatchInput {
  hub: Pick<HubContext, 'store' | 'config'>
  consumer: Consumer
  messageId: string
  topicCode: string
  receivedAt: string
  text: string
  contentType: string
  properties: MessageProperties | null
  signal: AbortSignal
}

/**
 * One try of one delivery: the consumer's post-processing, then its consume type's deliverer
 * (http, file and excel (into a file location), mq, dblink, and webservice: a SOAP call of the consumer's WSDL operation;
 * serverApi consumers are not pushed: their applications pull, see pull/).
 * Throws DeliveryError; `permanent` ones (unsupported type, missing setting, a processor that
 * cannot run on this message) end the delivery dead at once, since retrying cannot help.
 */
export async function dispatch(input: DispatchInput, settings: RuntimeSettings, connections: Connections): Promise<void> {
  const { consumer } = input
  const type = consumer.dataConsumeType
  if (NOT_YET[type]) throw new DeliveryError(keyed(NOT_YET[type]), true)
  const payload = await postProcess(consumer, input.text, input.contentType, settings)
  const job: DeliveryJob = {
    hub: input.hub,
    consumer,
    payload,
    messageId: input.messageId,
    topicCode: input.topicCode,
    receivedAt: input.receivedAt,
    properties: input.properties,
    signal: input.signal,
  }
  switch (type) {
    case 'http':
      return deliverHttp(job)
    case 'file':
      return deliverFile(job)
    case 'excel':
      return deliverExcel(job, settings.excelRowLimit)
    case 'mq':
      return deliverMq(job, connections.mq)
    case 'dblink':
      return deliverDbLink(job, connections.dbLink, connections.dbLinkPoolSize)
    case 'webservice':
      return deliverWebService(job)
    case 'serverApi':
      // Only reached when a consumer became serverApi while its delivery was being taken.
      throw new DeliveryError(keyed('msg_exchange_serverapi_pulls'), true)
    default:
      throw new DeliveryError(keyed('msg_exchange_unknown_type', { type }), true)
  }
}

/**
 * The message as the consumer gets it, after its post-processing. A processor that cannot run on
 * this message is a permanent DeliveryError: the next try would fail the same way.
 */
export async function postProcess(consumer: Consumer, text: string, contentType: string, settings: RuntimeSettings): Promise<Payload> {
  try {
    return await applyProcessor(
      { enabled: consumer.postProcessorEnabled, type: consumer.postProcessorType, expression: consumer.postProcessorExpression },
      { text, format: formatOfContentType(contentType) },
      settings.script,
      // The topic's fair share of the script workers; deliveries are bounded by the worker, not refused as busy.
      { topicCode: consumer.topicCode },
    )
  } catch (err) {
    if (err instanceof EngineError) throw Object.assign(new DeliveryError(keyed('msg_exchange_postprocess_failed', { reason: textOf(err) }), true), { cause: err })
    throw err
  }
}
