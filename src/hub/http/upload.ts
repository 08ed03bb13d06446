import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ResultCode } from '../../shared/envelope'
import { Refusal } from '../kernel/refusal'
import type { Route } from './context'

/** Spec §9: the generic upload limit (5 MB) for upload endpoints that set none of their own. */
export const DEFAULT_UPLOAD = { maxBytes: 5 * 1024 * 1024, tooLargeKey: 'msg_request_too_large' }

export const uploadLimit = (route: Route): NonNullable<Route['upload']> => route.upload ?? DEFAULT_UPLOAD

/** The limit as a message says it: whole megabytes, or one decimal below 1 MB ("0.5 MB"). */
const megabytes = (bytes: number): number => {
  const mb = bytes / (1024 * 1024)
  return mb >= 1 ? Math.round(mb) : Math.round(mb * 10) / 10
}

/**
 * Registers the multipart parser in a scope of its own around one upload route: only upload
 * endpoints accept multipart bodies, each with its own limit. The scope inherits the hub's
 * error handler and hooks, so transport failures still answer with envelopes.
 */
export function inUploadScope(app: FastifyInstance, route: Route, register: (scope: FastifyInstance) => void): void {
  const { maxBytes } = uploadLimit(route)
  void app.register(async (scope) => {
    // One file and a few small fields: anything beyond is not a call of ours.
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 } })
    register(scope)
  })
}

const statusOf = (err: unknown): number | undefined => (err as { statusCode?: number } | null)?.statusCode

/**
 * The multipart field `file` as `{name, bytes}`, or undefined when there is none (the input
 * schema then answers '4001' msg_field_required). A file over the limit is refused as soon as
 * the limit is passed, with the route's message and '4130', never read whole and never a 5xx.
 */
export async function readUploadedFile(request: FastifyRequest, route: Route): Promise<{ name: string; bytes: Uint8Array } | undefined> {
  const { maxBytes, tooLargeKey, tooLargeKeyOf, maxBytesOf } = uploadLimit(route)
  const tooLarge = (name: string | undefined) => {
    const key = name !== undefined && tooLargeKeyOf ? tooLargeKeyOf(name) : tooLargeKey
    const limit = name !== undefined && maxBytesOf ? maxBytesOf(name) : maxBytes
    return new Refusal(ResultCode.tooLarge, key, { n: megabytes(limit) }, [{ path: 'file', key }])
  }
  let name: string | undefined
  try {
    const part = await request.file()
    if (!part || part.fieldname !== 'file') return undefined
    name = part.filename
    const bytes = await part.toBuffer()
    if (maxBytesOf && bytes.byteLength > maxBytesOf(part.filename)) throw tooLarge(part.filename)
    return { name: part.filename, bytes }
  } catch (err) {
    if (err instanceof Refusal) throw err
    const status = statusOf(err)
    if (status === 413) throw tooLarge(name)
    // Not multipart, or a malformed body: as if no file had been sent.
    if (status !== undefined && status >= 400 && status < 500) return undefined
    if (err instanceof Error && /terminated early|Unexpected end/i.test(err.message)) return undefined
    throw err
  }
}
