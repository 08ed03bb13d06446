import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { serverApiInputSchema } from '../../../../shared/contract/datahub/runtime'
import { SERVER_API_WS } from '../../../../shared/contract/datahub/serverApiWs'
import { ResultCode } from '../../../../shared/envelope'
import { requestLocale } from '../../../http/answers'
import type { CallContext, HubContext } from '../../../http/context'
import { logFailure } from '../../../http/errors'
import { Refusal } from '../../../kernel/refusal'
import { validationRefusal } from '../../../http/validation'
import { acceptMessage } from '../ingress'
import { SOAP_MEDIA_TYPE, type SoapVersion } from '../../soap/versions'
import { faultAnswer, successAnswer, type SoapAnswer } from './answer'
import { readRequestOffThread } from './envelopePool'
import { serverApiWsdl } from './wsdl'

/** A host (name, IPv4 or bracketed IPv6) with an optional port: anything else in Host is not echoed into the WSDL. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * The address the caller reached the service at, from the Host header (the hub has no public URL
 * setting); a request without a usable one (HTTP/1.0) gets the socket's own address.
 */
function serviceAddress(request: FastifyRequest): string {
  const socket = request.socket as { localAddress?: string; localPort?: number } | undefined
  const local = socket?.localAddress ? `${socket.localAddress.includes(':') ? `[${socket.localAddress}]` : socket.localAddress}:${socket.localPort ?? ''}` : 'localhost'
  const host = HOST.test(request.host) ? request.host : local
  return `${request.protocol}://${host}${SERVER_API_WS.path}`
}

/** The version to answer in before the envelope is read: SOAP 1.2's media type, else 1.1. */
const versionOfRequest = (request: FastifyRequest): SoapVersion =>
  String(request.headers['content-type'] ?? '').toLowerCase().startsWith(SOAP_MEDIA_TYPE['1.2']) ? '1.2' : '1.1'

const send = (reply: FastifyReply, answer: SoapAnswer) => reply.code(answer.status).type(answer.contentType).send(answer.body)

/** One SOAP call: the envelope read (in a worker thread), then exactly what POST /producer/serverApi does, for a serverApiWS producer. */
async function post(hub: HubContext, request: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(request)
  let version = versionOfRequest(request)
  try {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const read = await readRequestOffThread(body, String(request.headers['content-type'] ?? ''))
    version = read.version ?? version
    if ('refusal' in read) throw read.refusal
    const raw = read.raw
    const input = serverApiInputSchema.safeParse(raw)
    if (!input.success) throw validationRefusal(input.error)
    const call: CallContext = { hub, locale, session: null, raw, headers: request.headers }
    return send(reply, successAnswer(version, locale, await acceptMessage(input.data, 'serverApiWS', call)))
  } catch (err) {
    if (err instanceof Refusal) return send(reply, faultAnswer(version, locale, err))
    const reference = logFailure(hub, err, request)
    return send(reply, faultAnswer(version, locale, new Refusal(ResultCode.systemError, 'msg_system_error'), reference))
  }
}

/**
 * Transport failures of this path answer as Faults too: a body over the hub's limit ('4130',
 * as the JSON route), one Fastify cannot read ('4001'), anything else '5000' with its reference.
 */
function transportFault(hub: HubContext) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(request)
    const status = error.statusCode ?? 500
    const refusal =
      status === 413
        ? new Refusal(ResultCode.tooLarge, 'msg_request_too_large')
        : status >= 400 && status < 500
          ? new Refusal(ResultCode.validation, 'msg_runtime_soap_not_envelope')
          : null
    if (refusal) return send(reply, faultAnswer(versionOfRequest(request), locale, refusal))
    const reference = logFailure(hub, error, request)
    return send(reply, faultAnswer(versionOfRequest(request), locale, new Refusal(ResultCode.systemError, 'msg_system_error'), reference))
  }
}

/**
 * The serverApiWS web service at the hub's root (contract: SERVER_API_WS): GET answers its
 * generated WSDL (`?wsdl`, the address producers show), POST takes a SOAP 1.1 or 1.2 call.
 * In a scope of its own: only here is any body read as bytes (SOAP comes as text/xml,
 * application/soap+xml, or mislabelled), and only here do failures answer as Faults.
 */
export function serverApiWsService(hub: HubContext) {
  return async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    scope.setErrorHandler(transportFault(hub))
    scope.get(SERVER_API_WS.path, async (request, reply) =>
      reply.code(200).type('text/xml; charset=utf-8').send(serverApiWsdl(serviceAddress(request))),
    )
    scope.post(SERVER_API_WS.path, (request, reply) => post(hub, request, reply))
  }
}
