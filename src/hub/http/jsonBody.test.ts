import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installJsonBodyParser } from './jsonBody'
import { stringifyExact } from '../runtime/json/exact'

/** A route of message data (exactNumbers) and one of anything else, each answering what it read. */
const app = Fastify({ logger: false })
beforeAll(async () => {
  installJsonBodyParser(app)
  app.post('/push', { config: { exactNumbers: true } }, async (request) => stringifyExact(request.body))
  app.post('/other', async (request) => stringifyExact(request.body))
  await app.ready()
})
afterAll(() => app.close())

const post = (url: string, payload: string) => app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload })

describe('the JSON body parser: message data keeps its numbers, nothing else changes', () => {
  it('reads a push body digit for digit, other bodies as JSON.parse does', async () => {
    const text = '{"data":{"id":9007199254740993,"amount":12345678901234567890.123456789}}'
    expect((await post('/push', text)).body).toBe(text)
    expect((await post('/other', text)).body).toBe('{"data":{"id":9007199254740992,"amount":12345678901234567000}}')
  })

  it('refuses prototype poisoning on the exact path as on the native one, escaped keys too', async () => {
    for (const text of ['{"__proto__":{"x":1},"id":9007199254740993}', '{"\\u005f_proto__":{"x":1},"id":9007199254740993}', '{"constructor":{"prototype":{"x":1}},"id":9007199254740993}']) {
      expect((await post('/push', text)).statusCode, text).toBe(400)
      expect((await post('/other', text)).statusCode, text).toBe(400)
    }
  })

  it('refuses malformed text, and takes a key given twice as JSON.parse does', async () => {
    expect((await post('/push', '{"id":9007199254740993')).statusCode).toBe(400)
    expect((await post('/push', '{"id":9007199254740993,"id":2}')).body).toBe('{"id":2}')
  })
})
