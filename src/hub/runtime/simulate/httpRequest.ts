import type { Consumer } from '../../../shared/contract/datahub/consumer'
import type { DeliveryPreview, StepNote } from '../../../shared/contract/datahub/simulate'
import type { HubContext } from '../../http/context'
import { httpDelivery } from '../deliver/http'
import type { Payload } from '../engines/payload'
import { apiTokenMethod } from '../httpApi/authentication'
import { MASK, maskedHeaders, maskedUrl } from './masking'

/**
 * The request an http consumer would send for this message, built by the delivery's own
 * httpDelivery and checked token method (apiTokenMethod) — no token is fetched or decrypted: its
 * header shows masked. Nothing is sent. Throws what a try would end with.
 */
export async function httpRequestPreview(
  hub: Pick<HubContext, 'store'>,
  consumer: Consumer,
  payload: Payload,
  message: { messageId: string; topicCode: string },
): Promise<{ http: NonNullable<DeliveryPreview['http']>; notes: StepNote[] }> {
  const request = httpDelivery(hub, consumer, payload, message)
  const notes: StepNote[] = []
  const tokenHeaders: string[] = []
  if (request.authenId !== null) {
    const { header } = await apiTokenMethod(hub, request.authenId, 'consumer')
    request.headers.set(header, MASK)
    tokenHeaders.push(header)
    notes.push('tokenMasked')
  }
  const headers: [string, string][] = []
  request.headers.forEach((value, name) => headers.push([name, value]))
  return {
    http: { method: request.method, url: maskedUrl(request.url), headers: maskedHeaders(headers, tokenHeaders), body: request.body ?? null },
    notes,
  }
}
