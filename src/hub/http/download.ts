import type { FastifyReply } from 'fastify'

/** What the handler of a download endpoint answers (the contract's downloadedFileSchema). */
export interface FileAnswer {
  name: string
  contentType: string
  bytes: Uint8Array
}

/**
 * Content-Disposition for any file name: an ASCII fallback for old clients, the exact name in
 * RFC 5987 form (`filename*`), and nothing from the name that could break out of the header.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`
}

/**
 * Sends a download endpoint's answer as the file itself: the caller saves the body (part 2 §7,
 * "the browser navigates to download the template"). Refusals still come as JSON envelopes,
 * which is how a caller tells the two apart (by Content-Type).
 */
export function sendFile(reply: FastifyReply, file: FileAnswer) {
  return reply
    .code(200)
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.name))
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength))
}
