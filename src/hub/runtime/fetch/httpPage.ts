import type { z } from 'zod'
import type { producerHttpModelSchema } from '../../../shared/contract/datahub/producerModels'
import type { HubContext } from '../../http/context'
import { DeliveryError } from '../../kernel/deliveryError'
import { apiRequestParts, type Fill } from '../httpApi/apiRequest'
import { callAddress } from '../httpApi/address'
import { addApiToken, producerSentCredential } from '../httpApi/authentication'
import { isSuccess, refusedAnswer, sendHttp, targetCheck } from '../httpApi/send'
import { keyed } from '../../text/keyedText'

export type HttpModel = z.infer<typeof producerHttpModelSchema>

/** Placeholders the request may carry anywhere (params, requestParam, headers, body). */
export const TASK_TIME = '${taskTime}'
export const PAGE_NUM = '${pageNum}'
/** The query parameter the task time goes in when the request names no place for it. */
export const TASK_TIME_PARAM = 'taskTime'

export interface PageRequest {
  /** The task time recorded by the last finished run; null before the first one. */
  taskTime: string | null
  /** The page asked for (1 without pagination). */
  page: number
  /** Whether the task time is sent at all (isRecordTaskTime '1'). */
  sendTaskTime: boolean
  /** paginationParam when paging, else ''. */
  pageParam: string
  accept: string
  signal: AbortSignal
  maxBytes: number
}

const jsonContent = (text: string) => JSON.stringify(text).slice(1, -1)

/**
 * One request of an http producer: the API editor's model (url — or requestApi —, method — or
 * requestType —, checked params, headers, body, API authentication) plus the requestParam
 * template, a query string appended to the URL ("from=${taskTime}&size=500"). Where the request
 * has the placeholder ${taskTime}, the recorded task time goes there (escaped inside a JSON raw
 * body); a query parameter or form field whose whole value is the placeholder is left out while
 * no time is recorded yet, so the first run asks for everything. A request without the
 * placeholder gets the task time as the query parameter `taskTime`. The page number goes the same
 * way: ${pageNum} where the request has it, else the query parameter named paginationParam.
 * Answers the text of a 2xx answer; anything else throws (DeliveryError, see httpApi/send.ts).
 */
export async function requestPage(hub: Pick<HubContext, 'store' | 'config'>, model: HttpModel, page: PageRequest): Promise<{ text: string; contentType: string }> {
  const api = model.httpParamsModel ?? {}
  const used = { taskTime: false, page: false }
  const fill: Fill = (text, where) => {
    let out = text
    if (out.includes(TASK_TIME)) {
      used.taskTime = true
      if (page.taskTime === null && (where === 'query' || where === 'form') && out.trim() === TASK_TIME) return null
      const time = page.taskTime ?? ''
      out = out.replaceAll(TASK_TIME, where === 'json' ? jsonContent(time) : time)
    }
    if (out.includes(PAGE_NUM)) {
      used.page = true
      out = out.replaceAll(PAGE_NUM, String(page.page))
    }
    return out
  }
  const parts = apiRequestParts(api, model.requestType ?? '', fill)
  const address = (api.url || model.requestApi || '').trim()
  if (!address) throw new DeliveryError(keyed('msg_exchange_producer_url_missing'), true)
  const url = callAddress(hub, address)
  for (const [key, value] of parts.query) url.searchParams.append(key, value)
  for (const [key, value] of new URLSearchParams((model.requestParam ?? '').trim().replace(/^\?/, ''))) {
    const filled = fill(value, 'query')
    if (filled !== null) url.searchParams.append(key, filled)
  }
  if (page.sendTaskTime && !used.taskTime && page.taskTime !== null) url.searchParams.set(TASK_TIME_PARAM, page.taskTime)
  if (page.pageParam && !used.page) url.searchParams.set(page.pageParam, String(page.page))
  const authenId = producerSentCredential(model)
  if (authenId !== null) await addApiToken(hub, authenId, parts.headers, 'producer', page.signal)
  if (!parts.headers.has('accept')) parts.headers.set('accept', page.accept)
  const answer = await sendHttp(url, { method: parts.method, headers: parts.headers, body: parts.body, signal: page.signal, maxBytes: page.maxBytes, allowed: targetCheck(hub.config) })
  if (!isSuccess(answer.status)) throw refusedAnswer(parts.method, url, answer)
  return answer
}
