import type { Consumer } from '../../../shared/contract/datahub/consumer'
import type { MessageProperties } from '../../../shared/contract/datahub/messageProperties'
import type { HubContext } from '../../http/context'
import type { Payload } from '../engines/payload'

/** What one try of one delivery has at hand. */
export interface DeliveryJob {
  hub: Pick<HubContext, 'store' | 'config'>
  consumer: Consumer
  /** The message after the consumer's post-processing. */
  payload: Payload
  messageId: string
  topicCode: string
  /** When the hub received the message (ISO); a per-day excel consumer files it under that day. */
  receivedAt: string
  /** What the message brought besides its body (an mq producer's AMQP properties); null when none. */
  properties: MessageProperties | null
  /** Aborted when the try runs past the delivery timeout, or the worker stops. */
  signal: AbortSignal
}

export type Deliverer = (job: DeliveryJob) => Promise<void>
