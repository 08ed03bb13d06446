import axios, { type AxiosAdapter, type AxiosResponse } from 'axios'
import { z } from 'zod'
import { findEndpoint } from '../../shared/contract'
import type { DownloadedFile } from '../../shared/contract/datahub/mappingFiles'
import { resolvePath, type Endpoint } from '../../shared/endpoint'
import { ResultCode, type HubResult } from '../../shared/envelope'
import type { Locale } from '../../shared/locale'
import { translateMessage } from '../../../locales'
import type { EmitEvent } from '../ipc/events'
import { createVersionTracker } from './dataVersions'
import type { TokenVault } from './tokenVault'

/**
 * The spec gives the HTTP timeout as "180000 ms" in one place and "18 minutes" in another and
 * says both are the same value: one constant, its leading digits read as minutes. We keep the
 * number as written, 180000 ms (3 minutes), which is also the stricter of the two readings.
 */
export const HUB_TIMEOUT_MS = 180_000

export interface HubProxyDeps {
  /** The current profile's hub; null (or a rejected promise) when it is not running or not set. */
  baseUrl: () => string | null | Promise<string | null>
  profileId: () => string
  locale: () => Locale
  vault: TokenVault
  emit: EmitEvent
  /** Failures worth a line in the main-process log (never a token, never a body). */
  log?: (line: string) => void
  /** Tests: answer requests without a network. */
  adapter?: AxiosAdapter
  timeoutMs?: number
  now?: () => number
}

/** A file the main process read from disk (or the renderer handed over), sent as multipart field `file`. */
export interface UploadFile {
  name: string
  bytes: Uint8Array
}

export interface HubProxy {
  /** Calls one endpoint of the contract by id; never throws, failures come back as values. */
  call(endpointId: string, input?: unknown): Promise<HubResult<unknown>>
  /**
   * Sends `file` to an upload endpoint of the contract (multipart, with the session's
   * Authorization); `input` fills path segments and the query. Never throws.
   */
  upload(endpointId: string, file: UploadFile, input?: unknown): Promise<HubResult<unknown>>
}

/** Downloads, apart from HubProxy so that stand-ins of the proxy need not fake them. */
export interface HubDownloader {
  /**
   * Fetches a download endpoint's file (binary body) with the session's Authorization; a
   * refusal comes back as the hub's envelope would. Never throws.
   */
  download(endpointId: string, input?: unknown): Promise<HubResult<DownloadedFile>>
}

const envelope = z.object({ code: z.string(), message: z.string().nullish(), data: z.unknown().optional() })

export function createHubProxy(deps: HubProxyDeps): HubProxy & HubDownloader {
  const versions = createVersionTracker()
  const now = deps.now ?? Date.now
  const http = axios.create({
    timeout: deps.timeoutMs ?? HUB_TIMEOUT_MS,
    // Envelopes also come with 404/413/500: read every answer, judge it by its `code`.
    validateStatus: () => true,
    // The hub never redirects; following one could carry the token to another host.
    maxRedirects: 0,
    // Repeated keys (`a=1&a=2`), which the hub's query parser reads as an array.
    paramsSerializer: { indexes: null },
    adapter: deps.adapter,
  })

  const fail = (locale: Locale, code: string, key: string): HubResult<unknown> => ({
    ok: false,
    code,
    message: translateMessage(locale, key),
  })

  async function send(e: Endpoint, input: unknown, baseUrl: string, token: string | null, locale: Locale, file?: UploadFile, binary = false) {
    const { path, rest } = resolvePath(e, input)
    const isGet = e.method === 'GET'
    // An upload's other input travels in the query: the body is the file.
    const query = (isGet || file) && rest && typeof rest === 'object' ? (rest as Record<string, unknown>) : {}
    return http.request({
      method: e.method,
      baseURL: baseUrl,
      url: path,
      // Spec §7: every request carries the timestamp `t`.
      params: { ...query, t: now() },
      data: file ? multipartBody(file) : isGet ? undefined : (rest ?? {}),
      ...(binary ? { responseType: 'arraybuffer' as const } : {}),
      headers: {
        Accept: binary ? '*/*' : 'application/json',
        'Accept-Language': locale,
        // How the call came in, for the hub's audit log (src/hub/logs/auditTrail.ts channelOf).
        'X-Datahub-Client': 'desktop',
        ...versions.headersFor(baseUrl),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    })
  }

  async function call(endpointId: string, input?: unknown): Promise<HubResult<unknown>> {
    const locale = deps.locale()
    const found = findEndpoint(endpointId)
    // The id check also turns away '__proto__', 'constructor' and other inherited keys of the
    // endpoint map. Uploads and downloads need the main process's file dialogs, not this path.
    const endpoint = found?.id === endpointId && !found.upload && !found.download ? found : null
    if (!endpoint) return fail(locale, ResultCode.notFound, 'msg_call_unknown')
    // The profile is fixed at the start so a token never lands under another hub's name.
    const profileId = deps.profileId()
    let result: HubResult<unknown> | null = null
    try {
      result = await forward(endpoint, input, profileId, locale)
      return result
    } finally {
      if (endpoint.session === 'revokes' || (endpoint.session === 'revokesOnSuccess' && result?.ok)) {
        await deps.vault.clear(profileId)
        deps.emit('session.ended', { reason: 'logout' })
      }
    }
  }

  async function upload(endpointId: string, file: UploadFile, input?: unknown): Promise<HubResult<unknown>> {
    const locale = deps.locale()
    const found = findEndpoint(endpointId)
    const endpoint = found?.id === endpointId && found.upload ? found : null
    if (!endpoint) return fail(locale, ResultCode.notFound, 'msg_call_unknown')
    return forward(endpoint, input, deps.profileId(), locale, file)
  }

  async function download(endpointId: string, input?: unknown): Promise<HubResult<DownloadedFile>> {
    const locale = deps.locale()
    const found = findEndpoint(endpointId)
    const endpoint = found?.id === endpointId && found.download ? found : null
    if (!endpoint) return fail(locale, ResultCode.notFound, 'msg_call_unknown') as HubResult<DownloadedFile>
    return (await forward(endpoint, input, deps.profileId(), locale, undefined, true)) as HubResult<DownloadedFile>
  }

  async function forward(endpoint: Endpoint, input: unknown, profileId: string, locale: Locale, file?: UploadFile, binary = false): Promise<HubResult<unknown>> {
    let baseUrl: string | null
    let token: string | null = null
    let response: AxiosResponse
    try {
      baseUrl = await deps.baseUrl()
      if (!baseUrl) return fail(locale, ResultCode.hubUnreachable, 'msg_hub_unreachable')
      token = await deps.vault.get(profileId)
      response = await send(endpoint, input, baseUrl, token, locale, file, binary)
    } catch (err) {
      deps.log?.(`hub call ${endpoint.id} failed: ${err instanceof Error ? err.message : String(err)}`)
      return fail(locale, ResultCode.hubUnreachable, 'msg_hub_unreachable')
    }

    // A download answers with the file itself, as an attachment; anything in JSON is an envelope
    // (a refusal), anything else is not our hub (a captive portal's page is no template).
    if (binary && response.status === 200 && !isJson(response.headers['content-type']) && /^attachment\b/i.test(String(response.headers['content-disposition'] ?? ''))) {
      const seen = versions.observe(baseUrl, response.headers as Record<string, unknown>)
      if (seen?.changed) deps.emit('data.versions', seen.versions)
      return { ok: true, data: fileOf(response), message: '', ...(seen ? { versions: seen.versions } : {}) }
    }
    const body = envelope.safeParse(binary ? jsonOf(response.data) : response.data)
    if (!body.success) {
      // Not our hub (a captive portal, a proxy's error page, another service on that port).
      deps.log?.(`hub call ${endpoint.id}: HTTP ${response.status} without an envelope`)
      return fail(locale, ResultCode.hubUnreachable, 'msg_hub_unreachable')
    }

    const seen = versions.observe(baseUrl, response.headers as Record<string, unknown>)
    if (seen?.changed) deps.emit('data.versions', seen.versions)
    const extra = seen ? { versions: seen.versions } : {}
    const { code, message, data } = body.data

    if (code !== ResultCode.success) {
      // Only the session this call used ends: a slow call that started before a new sign-in
      // must not throw the new token away.
      if (code === ResultCode.sessionInvalid && endpoint.session !== 'revokes' && (await deps.vault.get(profileId)) === token) {
        await deps.vault.clear(profileId)
        deps.emit('session.ended', { reason: 'invalid' })
      }
      return { ok: false, code, message: message ?? '', ...(data === undefined || data === null ? {} : { data }), ...extra }
    }
    return { ok: true, data: endpoint.session === 'issues' ? await keepToken(data, profileId) : (data ?? null), message: message ?? '', ...extra }
  }

  /** Moves `token` from a sign-in answer into the vault; the renderer gets the rest. */
  async function keepToken(data: unknown, profileId: string): Promise<unknown> {
    if (!data || typeof data !== 'object' || !('token' in data)) return data ?? null
    const { token, ...rest } = data as Record<string, unknown>
    if (typeof token === 'string' && token !== '') await deps.vault.set(profileId, token)
    return rest
  }

  return { call, upload, download }
}

const isJson = (type: unknown) => typeof type === 'string' && /^application\/json\b/i.test(type)

function jsonOf(data: unknown): unknown {
  try {
    return JSON.parse(Buffer.from(data as ArrayBuffer).toString('utf8'))
  } catch {
    return null
  }
}

/** The file of a download answer, named as Content-Disposition says (RFC 5987 form first). */
function fileOf(response: AxiosResponse): DownloadedFile {
  const disposition = String(response.headers['content-disposition'] ?? '')
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1]
  const plain = /filename="([^"]*)"/i.exec(disposition)?.[1]
  let name = plain || 'download'
  if (exact) {
    try {
      name = decodeURIComponent(exact)
    } catch {
      // A malformed encoded name: keep the plain one.
    }
  }
  return {
    name,
    contentType: String(response.headers['content-type'] ?? 'application/octet-stream'),
    bytes: new Uint8Array(response.data as ArrayBuffer),
  }
}

/** Node's FormData; axios sets the multipart Content-Type with its boundary. */
function multipartBody(file: UploadFile): FormData {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name)
  return form
}
