import type { FastifyInstance, FastifyRequest } from 'fastify'
import { fastifyPattern, servedForms, type EndpointForm, type HttpMethod } from '../../shared/endpoint'
import { ResultCode } from '../../shared/envelope'
import type { Locale } from '../../shared/locale'
import { requireOwnPassword } from '../auth/passwordChange'
import { refusalEnvelope, requestLocale, success } from './answers'
import { authenticate } from './auth'
import { sendFile, type FileAnswer } from './download'
import { systemError } from './errors'
import { withChangeLog, type NotedChange } from '../store/changes'
import type { AuditedCall, CallContext, HubContext, Route } from './context'
import { envelopeBytes, PreserialisedJson } from './preserialised'
import { Refusal } from '../kernel/refusal'
import { inUploadScope, readUploadedFile } from './upload'
import { validationRefusal } from './validation'

/** The console's cache-busting timestamp (spec §7: every request carries `t`); not input. */
const TIMESTAMP_PARAM = 't'

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/**
 * GET input is the query string, POST input the JSON body; `{name}` path segments join either.
 * An upload's input is its query string plus `file` from the multipart body.
 */
async function rawInput(request: FastifyRequest, route: Route, method: HttpMethod): Promise<unknown> {
  const { endpoint } = route
  const params = isPlainObject(request.params) ? request.params : {}
  const { [TIMESTAMP_PARAM]: _t, ...query } = isPlainObject(request.query) ? request.query : {}
  if (method === 'GET') return { ...query, ...params }
  if (endpoint.upload) {
    const file = await readUploadedFile(request, route)
    return { ...query, ...params, ...(file ? { file } : {}) }
  }
  const body = request.body
  if (Object.keys(params).length === 0) return body
  if (body === undefined || body === null) return { ...params }
  return isPlainObject(body) ? { ...body, ...params } : body
}

/**
 * The order of checks: session, licence (when enforced), the forced password change,
 * permission, input, handler, output.
 * A caller without a session learns nothing about the licence or the input rules (an upload's
 * file is not even read); a handler never sees input the contract rejects; an
 * answer that breaks the contract is a hub bug, thrown like any failure ('5000', logged).
 */
async function answer(route: Route, hub: HubContext, request: FastifyRequest, locale: Locale, form: EndpointForm, trail?: Trail): Promise<Buffer | FileAnswer> {
  const { endpoint } = route
  try {
    // A permission code implies a session, even on an endpoint declared public.
    const session = endpoint.access === 'session' || endpoint.permission ? await authenticate(request, hub.store) : null
    if (trail) trail.session = session
    if (session) await hub.access.admit(hub, endpoint.id)
    if (session) requireOwnPassword(session, endpoint.id)
    if (endpoint.permission && session && !(await hub.access.permissionsOf(hub, session.userId)).includes(endpoint.permission)) {
      throw new Refusal(ResultCode.forbidden, 'msg_permission_denied')
    }
    if (form.method === 'GET' && endpoint.method === 'POST') refuseLongQuery(request)
    const raw = await rawInput(request, route, form.method)
    if (trail) trail.raw = raw
    const input = endpoint.input.safeParse(raw, { reportInput: true })
    if (!input.success) {
      throw route.invalidInput ? new Refusal(route.invalidInput.code, route.invalidInput.messageKey) : validationRefusal(input.error)
    }
    const call: CallContext = { hub, locale, session, raw, headers: request.headers, address: request.ip }
    const result = trail ? await withChangeLog(trail.changes, () => route.handle(input.data, call)) : await route.handle(input.data, call)
    if (trail) trail.data = result
    if (result instanceof PreserialisedJson) return envelopeBytes(success(locale, null, route.successMessage), result)
    const output = endpoint.output.safeParse(result)
    if (!output.success) {
      throw new Error(`the answer of ${endpoint.id} breaks the contract: ${JSON.stringify(output.error.issues)}`)
    }
    // A download's success is the file itself; its refusals stay envelopes.
    if (endpoint.download) return output.data as FileAnswer
    return envelopeBytes(success(locale, output.data ?? null, route.successMessage))
  } catch (err) {
    if (trail) trail.code = err instanceof Refusal ? err.code : ResultCode.systemError
    if (err instanceof Refusal) return envelopeBytes(refusalEnvelope(locale, err))
    throw err
  }
}

/** What an audited call gathers on its way: its session, the changes its writes noted, its outcome. */
interface Trail {
  session: AuditedCall['session']
  changes: NotedChange[]
  raw?: unknown
  data?: unknown
  code: string
}

/**
 * The call answered, and, when the audit policy covers its endpoint, recorded in the audit log
 * with what it changed, once it has been answered (the record's own failure is only logged).
 * This is the one place the audit log is written from for calls (src/hub/logs/README.md).
 */
async function answerAudited(route: Route, hub: HubContext, request: FastifyRequest, locale: Locale, form: EndpointForm): Promise<Buffer | FileAnswer> {
  if (!hub.audit.covers(route.endpoint)) return answer(route, hub, request, locale, form)
  const trail: Trail = { session: null, changes: [], code: ResultCode.success }
  try {
    return await answer(route, hub, request, locale, form, trail)
  } finally {
    await hub.audit.record(hub, { endpoint: route.endpoint, session: trail.session, raw: trail.raw ?? request.body ?? request.query, data: trail.data, code: trail.code, ip: request.ip, headers: request.headers, changes: trail.changes })
  }
}

/**
 * The longest URL a POST call's GET form takes (spec part 1 §7 lists the SQL previews as GET):
 * what common proxies pass (nginx's default header buffer is 8 KB). A longer query is refused
 * with a code saying to send it as POST, before the proxy in front of some hub cuts it off.
 */
export const GET_FORM_URL_LIMIT = 8192

function refuseLongQuery(request: FastifyRequest): void {
  if (Buffer.byteLength(request.url) > GET_FORM_URL_LIMIT) {
    throw new Refusal(ResultCode.tooLarge, 'msg_get_form_too_long', { limit: GET_FORM_URL_LIMIT })
  }
}

/** Registers one endpoint of the contract: its method and path, and any further form it is served under, answered through `route`. */
export function registerEndpoint(app: FastifyInstance, hub: HubContext, route: Route): void {
  // An upload has its main form only: its multipart scope is set up for that one route.
  if (route.endpoint.upload) return inUploadScope(app, route, (scope) => serve(scope, hub, route, servedForms(route.endpoint)[0]!))
  for (const form of servedForms(route.endpoint)) serve(app, hub, route, form)
}

function serve(app: FastifyInstance, hub: HubContext, route: Route, form: EndpointForm): void {
  app.route({
    method: form.method,
    url: fastifyPattern(route.endpoint, form),
    // Read by the JSON body parser (jsonBody.ts): message data keeps its numbers' digits.
    config: { exactNumbers: route.endpoint.exactNumbers === true },
    // Refusals are answers, not transport failures: HTTP 200 with the code in the envelope.
    handler: async (request, reply) => {
      try {
        const bytes = await answerAudited(route, hub, request, requestLocale(request), form)
        if (!Buffer.isBuffer(bytes)) return sendFile(reply, bytes)
        return reply.code(200).type('application/json; charset=utf-8').send(bytes)
      } catch (err) {
        return systemError(hub, err, request, reply)
      }
    },
  })
}
