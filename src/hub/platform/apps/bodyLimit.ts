import { Transform } from 'node:stream'

/** The error a forwarded request body raises when it grows past the gateway's limit. */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge'
}

/**
 * Passes a streamed body through unchanged and fails on the chunk that would take it past
 * `max` bytes: a body sent without Content-Length (chunked) is counted as it flows, so the
 * target never receives more than the limit and the hub never holds more than a chunk.
 */
export function byteLimit(max: number): Transform {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      if (seen > max) done(new BodyTooLarge(`request body over ${max} bytes`))
      else done(null, chunk)
    },
  })
}
