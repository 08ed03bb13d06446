import type { FastifyInstance, FastifyRequest } from 'fastify'
import { numbersSurviveNative, parseExact } from '../runtime/json/exact'

/** Whether the request's endpoint carries message data (the contract's `exactNumbers`). */
const wantsExactNumbers = (request: FastifyRequest): boolean => (request.routeOptions.config as { exactNumbers?: boolean } | undefined)?.exactNumbers === true

/**
 * Keys Fastify's parser refuses (prototype poisoning: `__proto__`, `constructor.prototype`) can
 * only be in a body whose text holds one of these words, or an escape that could spell one.
 */
const mayPoison = /__proto__|constructor|\\u/

/**
 * Fastify's own JSON parser (prototype poisoning refused), except that an empty body counts as
 * no input: a POST without parameters may come with `Content-Type: application/json` and
 * nothing in it, which is not malformed. An endpoint that takes message data (a push) reads a
 * body with numbers JSON.parse would change with parseExact instead, so that a 64-bit id or a
 * long amount keeps its digits; a body that might poison a prototype is first read by Fastify's
 * parser, which refuses it as it refuses any other.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text.trim() === '') return done(null, undefined)
    if (!wantsExactNumbers(request) || numbersSurviveNative(text)) return parseJson(request, text, done)
    const exact = () => {
      let value: unknown
      try {
        value = parseExact(text)
      } catch {
        // Malformed: Fastify's parser answers it as it answers any other.
        return parseJson(request, text, done)
      }
      done(null, value)
    }
    if (!mayPoison.test(text)) return exact()
    parseJson(request, text, (err) => (err ? done(err, undefined) : exact()))
  })
}
