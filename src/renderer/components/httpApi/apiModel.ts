/**
 * The spec's API object (part 1 §3): url, method, params, authorization, headers and a body of
 * form-data, x-www-form-urlencoded or raw JSON; rows {key, value, description, checked}. The HTTP
 * API editor edits it, producers (request and callback) and consumers (http notify) store it.
 */
export interface ApiRow {
  key: string
  value: string
  description: string
  checked: boolean
}

export interface ApiAuthorization {
  display?: string | undefined
  appName?: string | undefined
  appCode?: string | undefined
  selectedAuth?: string | undefined
}

export type BodyType = 'none' | 'form-data' | 'x-www-form-urlencoded' | 'raw'
export const BODY_TYPES: readonly BodyType[] = ['none', 'form-data', 'x-www-form-urlencoded', 'raw']

export interface ApiBody {
  type?: string | undefined
  formData?: ApiRow[] | undefined
  formUrlEncoded?: ApiRow[] | undefined
  raw?: { rawType?: string | undefined; content?: string | undefined } | undefined
}

export interface ApiObject {
  url?: string | undefined
  method?: string | undefined
  params?: ApiRow[] | undefined
  authorization?: ApiAuthorization | undefined
  headers?: ApiRow[] | undefined
  body?: ApiBody | undefined
}

export const HTTP_METHODS = ['GET', 'POST'] as const

export const blankRow = (): ApiRow => ({ key: '', value: '', description: '', checked: true })
const isBlank = (r: ApiRow): boolean => r.key.trim() === '' && r.value.trim() === '' && r.description.trim() === ''

/** An empty API: POST (a GET has no body), JSON raw body, nothing checked yet. */
export const blankApi = (method: string = 'POST'): ApiObject => ({
  url: '',
  method,
  params: [],
  authorization: { display: '0', appName: '', appCode: '', selectedAuth: '' },
  headers: [],
  body: { type: 'none', formData: [], formUrlEncoded: [], raw: { rawType: 'JSON', content: '' } },
})

/**
 * The rows as the table shows them: the stored rows without blank ones, plus exactly one blank
 * row at the end to type into (like the API clients people know).
 */
export const rowsForDisplay = (rows: readonly ApiRow[] | undefined): ApiRow[] => [...(rows ?? []).filter((r) => !isBlank(r)), blankRow()]

/**
 * One displayed row changed: the stored rows after the change (the trailing blank row becomes
 * a real row once it has content; rows emptied by the user are dropped).
 */
export function changeRow(rows: readonly ApiRow[] | undefined, index: number, change: Partial<ApiRow>): ApiRow[] {
  const shown = rowsForDisplay(rows)
  const next = shown.map((r, i) => (i === index ? { ...r, ...change } : r))
  return next.filter((r) => !isBlank(r))
}

export function removeRow(rows: readonly ApiRow[] | undefined, index: number): ApiRow[] {
  return rowsForDisplay(rows)
    .filter((_, i) => i !== index)
    .filter((r) => !isBlank(r))
}

/** Spec: only checked rows (with a key) are submitted. */
export const checkedRows = (rows: readonly ApiRow[] | undefined): ApiRow[] => (rows ?? []).filter((r) => r.checked && r.key.trim() !== '')

/** A GET has no body (spec: "GET disables body tab"). */
export const hasBody = (method: string | undefined): boolean => (method ?? '').toUpperCase() !== 'GET'

/** The API object as it is saved: unchecked and blank rows of params, headers and forms left out. */
export function submittedApi<A extends ApiObject>(api: A): A {
  const body = api.body
  return {
    ...api,
    params: checkedRows(api.params),
    headers: checkedRows(api.headers),
    ...(body ? { body: { ...body, formData: checkedRows(body.formData), formUrlEncoded: checkedRows(body.formUrlEncoded) } } : {}),
  }
}

/** `url?key=value&…` of the checked params, for the address line preview. */
export function urlWithParams(api: ApiObject): string {
  const query = checkedRows(api.params)
    .map((r) => `${encodeURIComponent(r.key)}=${encodeURIComponent(r.value)}`)
    .join('&')
  const url = api.url ?? ''
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url
}
