import type { z } from 'zod'
import type { httpParamsModelSchema } from '../../../shared/contract/datahub/common'
import { checkedRows, type ApiRow } from './rows'
import { ownValue } from '../../../shared/ownKey'

export type ApiObject = z.infer<typeof httpParamsModelSchema>

/**
 * How a value of the API object is written into the request: `where` says what kind of text it
 * is in (a JSON raw body needs its insertions escaped as JSON string content). Null leaves the
 * row out (a query parameter or form field whose value has nothing to say).
 */
export type Fill = (text: string, where: 'query' | 'header' | 'form' | 'json' | 'raw') => string | null

/** Raw body types of the API editor and what they are sent as. */
const RAW_TYPES: Record<string, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
  javascript: 'application/javascript; charset=utf-8',
  text: 'text/plain; charset=utf-8',
}

export interface ApiRequestParts {
  method: string
  /** Checked query parameters, in order. */
  query: [string, string][]
  headers: Headers
  body: BodyInit | undefined
}

/**
 * The request an API object (the HTTP API editor's model) describes, less its address and
 * authentication: the method (GET by default), checked params and headers, and for a method with
 * a body its body — form-data, x-www-form-urlencoded or raw (content type by rawType unless a
 * header sets one). Every value passes through `fill` first.
 */
export function apiRequestParts(api: ApiObject, fallbackMethod: string, fill: Fill): ApiRequestParts {
  const method = (api.method || fallbackMethod || 'GET').toUpperCase()
  const query: [string, string][] = []
  for (const p of checkedRows(api.params)) {
    const value = fill(p.value, 'query')
    if (value !== null) query.push([p.key, value])
  }
  const headers = new Headers()
  for (const h of checkedRows(api.headers)) headers.append(h.key, fill(h.value, 'header') ?? '')
  return { method, query, headers, body: method === 'GET' || method === 'HEAD' ? undefined : bodyOf(api.body, headers, fill) }
}

/** Checked form fields into `form`, each value filled (a field filled with null is left out). */
function formOf<F extends FormData | URLSearchParams>(form: F, rows: ApiRow[] | undefined, fill: Fill): F {
  for (const f of checkedRows(rows)) {
    const value = fill(f.value, 'form')
    if (value !== null) form.append(f.key, value)
  }
  return form
}

function bodyOf(body: ApiObject['body'], headers: Headers, fill: Fill): BodyInit | undefined {
  switch (body?.type) {
    case 'form-data':
      return formOf(new FormData(), body.formData, fill)
    case 'x-www-form-urlencoded':
      return formOf(new URLSearchParams(), body.formUrlEncoded, fill)
    case 'raw': {
      const rawType = (body.raw?.rawType || 'JSON').toLowerCase()
      if (!headers.has('content-type')) headers.set('content-type', ownValue(RAW_TYPES, rawType) ?? RAW_TYPES.text!)
      return fill(body.raw?.content ?? '', rawType === 'json' ? 'json' : 'raw') ?? ''
    }
    default:
      return undefined
  }
}
