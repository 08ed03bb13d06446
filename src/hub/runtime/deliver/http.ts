import { AUTHEN_STATIC } from '../../../shared/rules/datahub/dataSourceAuthentication'
import { decryptSecret, secretKey } from '../../datahub/dataSources/secrets'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import { routeFor, targetUrl } from '../../platform/apps/forward'
import { liveRoutes } from '../../platform/apps/routeTable'
import { CONTENT_TYPES } from '../engines/payload'
import { DeliveryError, settingMissing, type DeliveryJob } from './types'

interface Row {
  key: string
  value: string
  checked?: boolean
}
/** Spec §2: only checked rows of params and headers are sent. */
const checked = (rows: readonly Row[] | undefined) => (rows ?? []).filter((r) => r.checked !== false && r.key.trim() !== '')

/** How much of a refusing receiver's answer goes into the delivery log. */
const ANSWER_EXCERPT = 300

/**
 * http consumers: the message (after post-processing) is the request body, sent with the
 * consumer's method, URI, checked query parameters and headers, and its API authentication
 * when on (authenStatus '1', a static-token method). Any 2xx answer is a delivery; anything
 * else is a failed try with the status and the start of the answer as its reason.
 *
 * The URI is a full URL, or a path resolved against the API editor's URL (spec §5 allows a
 * path starting with '/'). Without that URL, a path under /inner or /outer (what the console
 * fills in from an application's gateway route) goes where this hub's own gateway would send it
 * (platform/apps/forward.ts), so the operator needs no second address. Receivers are set by administrators and usually live on the
 * intranet, so private addresses are allowed here, unlike WSDL resolve.
 */
export async function deliverHttp(job: DeliveryJob): Promise<void> {
  const model = job.consumer.httpRequestInfoModel
  const params = model?.httpParamsModel
  const uri = (model?.requestUri || params?.url || '').trim()
  if (!uri) throw settingMissing('request URI')
  let url: URL
  try {
    url = uri.startsWith('/') ? new URL(params?.url ? uri : throughGateway(job, uri), params?.url || undefined) : new URL(uri)
  } catch (err) {
    if (err instanceof DeliveryError) throw err
    throw new DeliveryError(`the request URI '${uri}' is not a URL (a path needs the API's full URL to resolve against)`, true)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeliveryError(`the request URI must be http or https, got ${url.protocol}`, true)
  for (const p of checked(params?.params)) url.searchParams.append(p.key, p.value)
  const method = (model?.requestMethod || params?.method || 'POST').toUpperCase()
  const headers = new Headers()
  for (const h of checked(params?.headers)) headers.append(h.key, h.value)
  headers.set('x-datahub-message-id', job.messageId)
  headers.set('x-datahub-topic', job.topicCode)
  if (model?.authenStatus === '1') await addAuthentication(job, model.authenId ?? '', headers)
  const withBody = method !== 'GET' && method !== 'HEAD'
  if (withBody && !headers.has('content-type')) headers.set('content-type', CONTENT_TYPES[job.payload.format])
  let response: Response
  try {
    response = await fetch(url, { method, headers, body: withBody ? job.payload.text : undefined, signal: job.signal, redirect: 'manual' })
  } catch (err) {
    if (job.signal.aborted) throw new DeliveryError(`no answer from ${url.origin} in time`)
    const cause = (err as { cause?: { code?: string; message?: string } }).cause
    throw new DeliveryError(`cannot reach ${url.origin}: ${cause?.code ?? cause?.message ?? (err as Error).message}`)
  }
  const answer = await response.text().catch(() => '')
  if (response.status >= 200 && response.status < 300) return
  const excerpt = answer.length > ANSWER_EXCERPT ? `${answer.slice(0, ANSWER_EXCERPT)}…` : answer
  throw new DeliveryError(`${method} ${url.origin}${url.pathname} answered HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`)
}

async function addAuthentication(job: DeliveryJob, authenId: string, headers: Headers): Promise<void> {
  if (!authenId) throw settingMissing('authentication method')
  const method = await dataSourceDb(job.hub.store.db).selectFrom('authentications').selectAll().where('id', '=', authenId).executeTakeFirst()
  if (!method || method.status !== '1') throw new DeliveryError('the consumer\'s authentication method does not exist or is disabled', true)
  // A parsed token needs a call to the token API first; not built yet, so say it plainly.
  if (method.authen_type !== AUTHEN_STATIC) throw new DeliveryError(`authentication '${method.authen_name}' fetches its token from an API; this hub sends static tokens only so far`, true)
  headers.set(method.token_key || 'Authorization', decryptSecret(secretKey(job.hub.config.dataDir), method.token_secret))
}

/** A path under the hub's gateway roots: the live route's target URL; any other path as it was. */
function throughGateway(job: DeliveryJob, path: string): string {
  if (!/^\/(inner|outer)(\/|$)/.test(path)) return path
  const route = routeFor(liveRoutes(job.hub.store), path.split('?')[0] ?? '')
  if (!route) throw new DeliveryError(`no enabled gateway route takes '${path}' (platform administration → gateway routes)`)
  if (route.authType !== 'none') throw new DeliveryError(`the gateway route '${route.path}' asks for ${route.authType} authentication, which this hub cannot give yet`, true)
  return targetUrl(route.targetService, path)
}
