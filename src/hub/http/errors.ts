import { randomUUID } from 'node:crypto'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ResultCode } from '../../shared/envelope'
import { envelope, requestLocale, validationData } from './answers'
import type { HubContext } from './context'
import { withSecurityHeaders } from './securityHeaders'

/**
 * The hub never answers with a 5xx and never lets a request take the process down: transport
 * problems become envelopes a console understands, and anything unexpected becomes '5000' with
 * a reference that also appears in the hub's log, next to the stack. Errors of handlers never
 * get here (registerEndpoint answers them with systemError), so a status code seen here is
 * Fastify's own, from reading the request.
 */
export function installErrorHandlers(app: FastifyInstance, hub: HubContext): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request)
    const status = error.statusCode ?? 500
    if (status === 413) {
      return reply.code(413).send(envelope(locale, ResultCode.tooLarge, 'msg_request_too_large'))
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, an unsupported content type, a bad Content-Length: the input as a whole.
      const data = validationData(locale, [{ path: '', key: 'msg_field_invalid' }])
      return reply.code(200).send(envelope(locale, ResultCode.validation, 'msg_validation_failed', data))
    }
    return systemError(hub, error, request, reply)
  })

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(envelope(requestLocale(request), ResultCode.notFound, 'msg_route_not_found')),
  )
}

/** Logs a failure inside the hub with a fresh reference, which the caller is then told. */
export function logFailure(hub: HubContext, error: unknown, request: FastifyRequest): string {
  const reference = randomUUID().slice(0, 8)
  // The route pattern, not the URL: query strings may carry values that do not belong in logs.
  const where = `${request.method} ${request.routeOptions.url ?? '(no route)'}`
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
  hub.log(`[${reference}] ${where} failed: ${detail}`)
  return reference
}

/** '5000' for a failure inside the hub, logged with the reference the caller receives. */
export function systemError(hub: HubContext, error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const reference = logFailure(hub, error, request)
  return reply.code(200).send(envelope(requestLocale(request), ResultCode.systemError, 'msg_system_error', { reference }))
}

/**
 * Errors Fastify raises before routing (a path with broken percent-encoding): such a path
 * names no call of the contract. No onSend hook runs for these answers: the headers are set here.
 */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void withSecurityHeaders(reply).code(404).send(envelope(requestLocale(request), ResultCode.notFound, 'msg_route_not_found'))
}
