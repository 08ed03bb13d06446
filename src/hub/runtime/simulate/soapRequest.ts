import type { Consumer } from '../../../shared/contract/datahub/consumer'
import type { DeliveryPreview } from '../../../shared/contract/datahub/simulate'
import type { HubConfig } from '../../config'
import { deliveryHeaders } from '../deliver/webService'
import { settingMissing } from '../../kernel/deliveryError'
import type { Payload } from '../engines/payload'
import { soapRequestHeaders } from '../soap/call'
import { soapEnvelope } from '../soap/envelope'
import { resolveCall } from '../soap/operation'
import { isSecretName, MASK, maskedHeaders } from './masking'

/**
 * The SOAP request a webservice consumer would POST for this message: the delivery's own
 * resolveCall (only from a WSDL this hub has loaded and keeps: nothing is fetched), soapEnvelope
 * and headers. SOAP header values under secret names show masked. Nothing is sent.
 */
export async function soapRequestPreview(config: Pick<HubConfig, 'allowPrivateWsdl'>, consumer: Consumer, payload: Payload, message: { messageId: string; topicCode: string }): Promise<NonNullable<DeliveryPreview['webService']>> {
  const model = consumer.webServiceRequestInfoModel
  if (!model) throw settingMissing('msg_exchange_setting_ws_settings')
  const call = await resolveCall(model, { allowPrivate: config.allowPrivateWsdl === true, signal: AbortSignal.timeout(5_000), keptOnly: true })
  const shown = call.header ? { ...call, header: { ...call.header, values: call.header.values.map((v) => (isSecretName(v.name) ? { ...v, value: MASK } : v)) } } : call
  const envelope = soapEnvelope(shown, payload)
  const headers = soapRequestHeaders(shown, Buffer.byteLength(envelope, 'utf8'), deliveryHeaders(message))
  return { address: call.address, headers: maskedHeaders(Object.entries(headers)), envelope }
}
