import type { FastifyInstance } from 'fastify'

/**
 * Fastify's own JSON parser (prototype poisoning refused), except that an empty body counts as
 * no input: a POST without parameters may come with `Content-Type: application/json` and
 * nothing in it, which is not malformed.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, done)
  })
}
