import { callSoap } from '../soap/call'
import type { DeliveryJob } from './types'
import { settingMissing } from '../../kernel/deliveryError'

/**
 * webservice consumers: one SOAP call of the consumer's operation per message (after
 * post-processing), built from its WSDL and settings by the same piece producer web-service
 * callbacks use (soap/call.ts, which says how the message fills the body). A Fault or a non-2xx
 * answer is a failed try, retried per the consumer's retry settings.
 */
export async function deliverWebService(job: DeliveryJob): Promise<void> {
  const model = job.consumer.webServiceRequestInfoModel
  if (!model) throw settingMissing('msg_exchange_setting_ws_settings')
  await callSoap(model, job.payload, {
    allowPrivate: job.hub.config.allowPrivateWsdl === true,
    signal: job.signal,
    headers: deliveryHeaders(job),
  })
}

/** The headers a delivery's SOAP call carries besides the SOAP ones (the simulator shows them too). */
export const deliveryHeaders = (message: { messageId: string; topicCode: string }): Record<string, string> => ({
  'x-datahub-message-id': message.messageId,
  'x-datahub-topic': message.topicCode,
})
