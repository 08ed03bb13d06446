import type { FastifyInstance, FastifyRequest } from 'fastify'
import { numbersSurviveNative, parseExact } from '../runtime/json/exact'

/** Whether the request's endpoint carries message data (the contract's `exactNumbers`). */
const wantsExactNumbers = (request: FastifyRequest): boolean => (request.routeOptions.config as { exactNumbers?: boolean } | undefined)?.exactNumbers === true

/**
 * Fastify's own JSON parser (prototype poisoning refused), except that an empty body counts as
 * no input: a POST without parameters may come with `Content-Type: application/json` and
 * nothing in it, which is not malformed. An endpoint that takes message data (a push) reads a
 * body with numbers JSON.parse would change once more with parseExact, after Fastify's parser
 * has accepted it, so that a 64-bit id or a long amount keeps its digits; other bodies are
 * read once, as before.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text.trim() === '') return done(null, undefined)
    if (!wantsExactNumbers(request) || numbersSurviveNative(text)) return parseJson(request, text, done)
    parseJson(request, text, (err, checked) => {
      if (err) return done(err, undefined)
      try {
        done(null, parseExact(text))
      } catch {
        // lossless-json refuses what JSON.parse takes only for a key given twice: the native reading stands.
        done(null, checked)
      }
    })
  })
}
