import type { Socket } from 'node:net'
import { STATUS_CODES } from 'node:http'
import { ResultCode } from '../../shared/envelope'
import { DEFAULT_LOCALE } from '../../shared/locale'
import { envelope, validationData } from './answers'
import { SECURITY_HEADERS } from './securityHeaders'

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (Fastify's `clientErrorHandler`):
 * headers or a request line over the size limit (a 1 MB query string), a malformed request
 * line or header, a request that took too long to arrive. Fastify would answer its own JSON;
 * the hub answers the envelope like everywhere else, with the security headers. Nothing of the
 * request could be read, its Accept-Language neither, so the message is in the default language.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const [status, body] = answerFor(err.code)
  if (socket.writable) {
    const json = JSON.stringify(body)
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(json)),
      Connection: 'close',
      ...SECURITY_HEADERS,
    }
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${json}`)
  }
  socket.destroy()
}

function answerFor(code: string | undefined) {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, envelope(DEFAULT_LOCALE, ResultCode.tooLarge, 'msg_request_too_large')] as const
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, envelope(DEFAULT_LOCALE, ResultCode.validation, 'msg_request_incomplete')] as const
  // Anything else the parser refuses: the request as a whole is malformed, as for bad JSON.
  const data = validationData(DEFAULT_LOCALE, [{ path: '', key: 'msg_field_invalid' }])
  return [400, envelope(DEFAULT_LOCALE, ResultCode.validation, 'msg_validation_failed', data)] as const
}
