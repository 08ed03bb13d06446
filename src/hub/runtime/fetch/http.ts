import { DeliveryError } from '../../kernel/deliveryError'
import { runtimeSettings } from '../settings'
import { FetchError, type Checkpoint, type FetchContext, type FetchedBatch, type Fetcher } from './fetcher'
import { requestPage, type HttpModel } from './httpPage'
import { dataAt, messagesOf, parseJsonAnswer, recordsOf } from './pageData'
import { FRESH_PAGING, judgePage, pagingCheckpoint, pagingStateOf, type PagingState } from './pageStop'
import { latestTaskTime, runTime, taskTimeRule, type TaskTimeRule } from './taskTime'
import { type KeyedText, keyed } from '../../text/keyedText'

export interface HttpFetcherOptions {
  /** Pages one run reads at most: a source whose paging never ends (pageStop.ts) fails the run. */
  maxPages?: number
  /** One request may take this long; default the runtime's HTTP timeout (deliveryTimeoutMs, spec: 180 s). */
  timeoutMs?: number
  /** A larger answer fails the run rather than fill the hub's memory. */
  maxAnswerBytes?: number
}

export const HTTP_MAX_PAGES = 1000
export const HTTP_MAX_ANSWER_BYTES = 64 * 1024 * 1024

/**
 * The http producer's checkpoint:
 * - taskTime: the task time the last finished run recorded, sent with every request of the
 *   next run (null: none yet, or recording is off);
 * - page: the next page of a run that has not finished (null once a run read its last page), so
 *   a run that failed or was stopped after page 3 goes on with page 4, asking with the same
 *   task time, and reads no page twice nor skips one;
 * - runTaskTime: what that unfinished run will record when it ends;
 * - pagingSeen, pagingFirst, pagingLast: what the paging judge knows of the pages read so far
 *   (pageStop.ts), so a resumed run still stops at the total and sees a repeated page.
 */
interface HttpCheckpoint {
  taskTime: string | null
  page: number | null
  runTaskTime: string | null
  paging: PagingState
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const asCheckpoint = ({ paging, ...c }: HttpCheckpoint): Checkpoint => ({ ...c, ...pagingCheckpoint(paging) })

/** Where this run starts: a fresh run from page 1, or the unfinished one from its next page. */
function startOf(checkpoint: Checkpoint | null, rule: TaskTimeRule, now: Date): HttpCheckpoint & { page: number } {
  const taskTime = rule.kind === 'off' ? null : text(checkpoint?.taskTime)
  const page = checkpoint?.page
  if (typeof page === 'number' && Number.isInteger(page) && page > 1) return { taskTime, page, runTaskTime: text(checkpoint?.runTaskTime), paging: pagingStateOf(checkpoint) }
  return { taskTime, page: 1, runTaskTime: rule.kind === 'runTime' ? runTime(now, rule.format) : null, paging: FRESH_PAGING }
}

/** What one page's answer gives, as the topic's format reads it. */
function readPage(context: FetchContext, model: HttpModel, answer: string, where: KeyedText): { messages: unknown[]; records: unknown[]; json: boolean } {
  const format = context.topic.dataFormat.trim().toLowerCase()
  if (format === 'xml') {
    // An XML answer is one message (the document's text); an empty answer is an empty page.
    return answer.trim() === '' ? { messages: [], records: [], json: false } : { messages: [answer], records: [answer], json: false }
  }
  if (format !== 'json' && answer.trim() !== '') {
    try {
      JSON.parse(answer)
    } catch {
      // A topic without a format takes text as it is.
      return { messages: [answer], records: [answer], json: false }
    }
  }
  const body = answer.trim() === '' ? null : parseJsonAnswer(answer, where)
  const data = model.isPagination === '1' ? dataAt(body, model.paginationLevel) : body
  return { messages: messagesOf(data, model.dataStrategy), records: recordsOf(data), json: true }
}

/**
 * http producers (spec §3 httpRequestInfoModel): each run sends the request of the API editor
 * model (httpPage.ts says how the task time and page number go in) and turns the answer into
 * messages (pageData.ts: where the data list is, and dataStrategy — 'all' one message per page,
 * 'up' one per record). With isPagination '1' it asks page 1, 2, 3 … one batch per page, until
 * the paging judge (pageStop.ts, by the producer's paginationStop) says the page is the last: an
 * empty one, one the answer marks as the last, or one that repeats the page before (that one is
 * not committed again). The last page's batch carries the new task time, so the task time moves
 * only once a run has read everything, and it says why the paging stopped (the run history's
 * pagingStop). Each request has its own timeout; the
 * run's signal stops the run between and during requests (it then just ends).
 */
export function createHttpFetcher(options: HttpFetcherOptions = {}): Fetcher {
  return (context) => readHttp(context, options)
}

async function* readHttp(context: FetchContext, options: HttpFetcherOptions): AsyncGenerator<FetchedBatch> {
  const model = context.producer.httpRequestInfoModel
  if (!model) throw new FetchError(keyed('msg_exchange_fetch_http_missing'))
  const paging = model.isPagination === '1'
  const pageParam = paging ? (model.paginationParam?.trim() ?? '') : ''
  if (paging && !pageParam) throw new FetchError(keyed('msg_exchange_fetch_no_page_param'))
  const rule = taskTimeRule(model)
  const xml = context.topic.dataFormat.trim().toLowerCase() === 'xml'
  if (xml && rule.kind === 'field') throw new FetchError(keyed('msg_exchange_fetch_xml_task_time'))
  const maxPages = options.maxPages ?? HTTP_MAX_PAGES
  const timeoutMs = options.timeoutMs ?? runtimeSettings(context.hub.config).deliveryTimeoutMs
  const accept = xml ? 'application/xml, text/xml, */*;q=0.5' : 'application/json, */*;q=0.5'
  const state = startOf(context.checkpoint, rule, new Date())
  let page = state.page
  let runTaskTime = state.runTaskTime
  let pagingState = state.paging
  for (let read = 0; ; read++) {
    if (context.signal.aborted) return
    if (read >= maxPages) {
      throw new FetchError(keyed('msg_exchange_fetch_endless', { pages: maxPages, param: pageParam }))
    }
    const where = paging ? keyed('msg_exchange_fetch_page_of', { page }) : keyed('msg_exchange_fetch_the_source')
    let answer: string
    try {
      const signal = AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)])
      answer = (await requestPage(context.hub, model, { taskTime: state.taskTime, page, sendTaskTime: rule.kind !== 'off', pageParam, accept, signal, maxBytes: options.maxAnswerBytes ?? HTTP_MAX_ANSWER_BYTES })).text
    } catch (err) {
      if (context.signal.aborted) return
      if (err instanceof DeliveryError) throw new FetchError(paging ? keyed('msg_exchange_fetch_where', { where, reason: err.text }) : err.text)
      throw err
    }
    if (context.signal.aborted) return
    const { messages, records, json } = readPage(context, model, answer, where)
    const verdict = paging ? judgePage(answer, json, model, page, pagingState) : null
    // A repeated page was committed as the page before: nothing of it again.
    const repeat = verdict?.stop === 'repeat'
    if (rule.kind === 'field' && !repeat) runTaskTime = latestTaskTime(records, rule, runTaskTime)
    if (!verdict || verdict.stop) {
      const recorded = rule.kind === 'off' ? null : (runTaskTime ?? state.taskTime)
      const end = asCheckpoint({ taskTime: recorded, page: null, runTaskTime: null, paging: FRESH_PAGING })
      yield { messages: repeat ? [] : messages, rowsRead: repeat ? 0 : records.length, checkpoint: end, ...(verdict?.stop ? { pagingStop: verdict.stop } : {}) }
      return
    }
    page++
    pagingState = verdict.next
    yield { messages, rowsRead: records.length, checkpoint: asCheckpoint({ taskTime: state.taskTime, page, runTaskTime, paging: pagingState }) }
  }
}
