import type { Consumer } from '../../../shared/contract/datahub/consumer'
import type { MessageProperties } from '../../../shared/contract/datahub/messageProperties'
import type { HubContext } from '../../http/context'
import { CONTENT_TYPES, type Payload } from '../engines/payload'
import { callAddress } from '../httpApi/address'
import { addApiToken, consumerSentCredential } from '../httpApi/authentication'
import { checkedRows } from '../httpApi/rows'
import { isSuccess, refusedAnswer, sendHttp, targetCheck } from '../httpApi/send'
import { propertyHeaders } from './propertyHeaders'
import type { DeliveryJob } from './types'
import { settingMissing } from '../../kernel/deliveryError'

/** The request an http consumer sends for one message, before its API token is added. */
export interface HttpDelivery {
  url: URL
  method: string
  headers: Headers
  body: string | undefined
  /** The API authentication method whose token goes in (authenStatus '1'); null without one. */
  authenId: string | null
}

/**
 * http consumers: the message (after post-processing) is the request body, sent with the
 * consumer's method, URI, checked query parameters and headers, and its API authentication
 * when on (authenStatus '1', a static-token method). Any 2xx answer is a delivery; anything
 * else is a failed try with the status and the start of the answer as its reason. Where the
 * URI may point (a full URL, a path against the API's URL or through the hub's gateway) is
 * httpApi/address.ts, shared with http producers.
 */
export async function deliverHttp(job: DeliveryJob): Promise<void> {
  const request = httpDelivery(job.hub, job.consumer, job.payload, { messageId: job.messageId, topicCode: job.topicCode, properties: job.properties })
  if (request.authenId !== null) await addApiToken(job.hub, request.authenId, request.headers, 'consumer', job.signal)
  const { url, method, headers, body } = request
  const answer = await sendHttp(url, { method, headers, body, signal: job.signal, allowed: targetCheck(job.hub.config), atLeastOnce: true })
  if (!isSuccess(answer.status)) throw refusedAnswer(method, url, answer)
}

/** passMessageProperties on ('1' / '0' like the spec's authenStatus): the message's properties go as headers. */
export const PASS_PROPERTIES_ON = '1'

/**
 * The request of deliverHttp, built without sending anything: the flow simulator shows it as is
 * (runtime/simulate/httpRequest.ts). Throws the same DeliveryErrors a try would end with.
 * With passMessageProperties on, a message's properties (an mq producer's AMQP message id,
 * correlation id, …) go as the headers PROPERTY_HEADERS names (propertyHeaders.ts); a header
 * of that name the consumer configures itself stays as configured.
 */
export function httpDelivery(
  hub: Pick<HubContext, 'store'>,
  consumer: Consumer,
  payload: Payload,
  message: { messageId: string; topicCode: string; properties?: MessageProperties | null },
): HttpDelivery {
  const model = consumer.httpRequestInfoModel
  const params = model?.httpParamsModel
  const uri = (model?.requestUri || params?.url || '').trim()
  if (!uri) throw settingMissing('msg_exchange_setting_request_uri')
  const url = callAddress(hub, uri, params?.url ?? '')
  for (const p of checkedRows(params?.params)) url.searchParams.append(p.key, p.value)
  const method = (model?.requestMethod || params?.method || 'POST').toUpperCase()
  const headers = new Headers()
  for (const h of checkedRows(params?.headers)) headers.append(h.key, h.value)
  headers.set('x-datahub-message-id', message.messageId)
  headers.set('x-datahub-topic', message.topicCode)
  if (model?.passMessageProperties === PASS_PROPERTIES_ON) for (const [name, value] of propertyHeaders(message.properties ?? null)) if (!headers.has(name)) headers.set(name, value)
  const withBody = method !== 'GET' && method !== 'HEAD'
  // The token is set after this (deliverHttp), so a header of its name is replaced by it, as a configured one always was.
  if (withBody && !headers.has('content-type')) headers.set('content-type', CONTENT_TYPES[payload.format])
  return { url, method, headers, body: withBody ? payload.text : undefined, authenId: consumerSentCredential(model) }
}
