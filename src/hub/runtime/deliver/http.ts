import { CONTENT_TYPES } from '../engines/payload'
import { callAddress } from '../httpApi/address'
import { addApiToken } from '../httpApi/authentication'
import { checkedRows } from '../httpApi/rows'
import { isSuccess, refusedAnswer, sendHttp } from '../httpApi/send'
import { settingMissing, type DeliveryJob } from './types'

/**
 * http consumers: the message (after post-processing) is the request body, sent with the
 * consumer's method, URI, checked query parameters and headers, and its API authentication
 * when on (authenStatus '1', a static-token method). Any 2xx answer is a delivery; anything
 * else is a failed try with the status and the start of the answer as its reason. Where the
 * URI may point (a full URL, a path against the API's URL or through the hub's gateway) is
 * httpApi/address.ts, shared with http producers.
 */
export async function deliverHttp(job: DeliveryJob): Promise<void> {
  const model = job.consumer.httpRequestInfoModel
  const params = model?.httpParamsModel
  const uri = (model?.requestUri || params?.url || '').trim()
  if (!uri) throw settingMissing('request URI')
  const url = callAddress(job.hub, uri, params?.url ?? '')
  for (const p of checkedRows(params?.params)) url.searchParams.append(p.key, p.value)
  const method = (model?.requestMethod || params?.method || 'POST').toUpperCase()
  const headers = new Headers()
  for (const h of checkedRows(params?.headers)) headers.append(h.key, h.value)
  headers.set('x-datahub-message-id', job.messageId)
  headers.set('x-datahub-topic', job.topicCode)
  if (model?.authenStatus === '1') await addApiToken(job.hub, model.authenId ?? '', headers, "the consumer's", job.signal)
  const withBody = method !== 'GET' && method !== 'HEAD'
  if (withBody && !headers.has('content-type')) headers.set('content-type', CONTENT_TYPES[job.payload.format])
  const answer = await sendHttp(url, { method, headers, body: withBody ? job.payload.text : undefined, signal: job.signal })
  if (!isSuccess(answer.status)) throw refusedAnswer(method, url, answer)
}
