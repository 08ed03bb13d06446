import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { routePattern, type Endpoint } from '../../../src/shared/endpoint'
import type { Envelope } from '../../../src/shared/envelope'

/** Posts `bytes` as the multipart field `file` to an upload endpoint, the way the console's proxy does. */
export async function upload<T = unknown>(app: FastifyInstance, endpoint: Endpoint, token: string | null, name: string, bytes: Uint8Array, locale = 'zh-CN'): Promise<Envelope<T>> {
  const boundary = `----uc${Date.now()}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const response = await app.inject({
    method: 'POST',
    url: `${routePattern(endpoint)}?t=${Date.now()}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
  })
  expect(response.statusCode).toBeLessThan(500)
  return response.json() as Envelope<T>
}

/** A PNG signature followed by `size` bytes in all (enough for the content check; not a drawable image). */
export function pngOf(size = 64): Uint8Array {
  const bytes = new Uint8Array(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  for (let i = 8; i < size; i++) bytes[i] = i % 251
  return bytes
}

export function jpegOf(size = 64): Uint8Array {
  const bytes = new Uint8Array(size)
  bytes.set([0xff, 0xd8, 0xff, 0xe0])
  return bytes
}

export const MB = 1024 * 1024
