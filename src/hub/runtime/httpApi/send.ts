import { DeliveryError } from '../deliver/types'

/** How much of a refusing peer's answer goes into a reason. */
const ANSWER_EXCERPT = 300

export interface SentAnswer {
  status: number
  contentType: string
  text: string
}

export interface SendInit {
  method: string
  headers: Headers
  body?: BodyInit | undefined
  /** Ends the wait (a timeout, a stopping worker or run). */
  signal: AbortSignal
  /** A larger answer fails the call instead of filling the hub's memory; unset: no limit. */
  maxBytes?: number
}

/**
 * One outgoing HTTP exchange, redirects not followed (a moved API is a setting to fix). A call
 * that gets no answer throws a DeliveryError saying so, by origin only: the path and query may
 * carry parameters an operator did not mean to show in a log.
 */
export async function sendHttp(url: URL, init: SendInit): Promise<SentAnswer> {
  const { signal, maxBytes, ...request } = init
  let response: Response
  try {
    response = await fetch(url, { ...request, signal, redirect: 'manual' })
  } catch (err) {
    throw unanswered(url, signal, err)
  }
  const contentType = response.headers.get('content-type') ?? ''
  try {
    return { status: response.status, contentType, text: await readText(response, url, maxBytes) }
  } catch (err) {
    if (err instanceof DeliveryError) throw err
    if (!response.ok && !signal.aborted) return { status: response.status, contentType, text: '' }
    throw unanswered(url, signal, err)
  }
}

function unanswered(url: URL, signal: AbortSignal, err: unknown): DeliveryError {
  if (signal.aborted) return new DeliveryError(`no answer from ${url.origin} in time`)
  const cause = (err as { cause?: { code?: string; message?: string } }).cause
  return new DeliveryError(`cannot reach ${url.origin}: ${cause?.code ?? cause?.message ?? (err as Error).message}`)
}

async function readText(response: Response, url: URL, maxBytes: number | undefined): Promise<string> {
  if (maxBytes === undefined || !response.body) return response.text()
  const tooLarge = () => new DeliveryError(`${url.origin}${url.pathname} answered more than ${Math.round(maxBytes / 1024 / 1024)} MiB`)
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body.cancel()
    throw tooLarge()
  }
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length
    if (size > maxBytes) throw tooLarge()
    chunks.push(chunk)
  }
  return new TextDecoder(charsetOf(response.headers.get('content-type') ?? '')).decode(Buffer.concat(chunks))
}

/** The declared charset when the decoder knows it, else UTF-8 (as Response.text() would). */
function charsetOf(contentType: string): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1]
  if (!declared) return 'utf-8'
  try {
    return new TextDecoder(declared).encoding
  } catch {
    return 'utf-8'
  }
}

/** The reason of a non-2xx answer: method, address without query, status and the start of the answer. */
export function refusedAnswer(method: string, url: URL, answer: SentAnswer): DeliveryError {
  const excerpt = answer.text.length > ANSWER_EXCERPT ? `${answer.text.slice(0, ANSWER_EXCERPT)}…` : answer.text
  return new DeliveryError(`${method} ${url.origin}${url.pathname} answered HTTP ${answer.status}${excerpt ? `: ${excerpt}` : ''}`)
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300
