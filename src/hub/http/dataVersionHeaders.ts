import type { FastifyInstance, FastifyRequest } from 'fastify'
import { DATA_VERSION_HEADERS } from '../../shared/envelope'
import { readDataVersions } from '../store/dataVersions'
import type { HubContext } from './context'

/**
 * Every answer, refusals and unknown paths included, reports the versions of the language,
 * dictionary and parameter sets, so the console refetches a cached set as soon as it moved.
 */
export function installDataVersionHeaders(app: FastifyInstance, hub: HubContext): void {
  // When each request arrived: any read of the versions started since then will do for its
  // answer (a push read them at its start, flowCache.ts), so most answers need no read of their own.
  const arrived = new WeakMap<FastifyRequest, number>()
  app.addHook('onRequest', async (request) => {
    arrived.set(request, performance.now())
  })
  app.addHook('onSend', async (request, reply, payload) => {
    try {
      const versions = await readDataVersions(hub.store.db, arrived.get(request))
      reply.header(DATA_VERSION_HEADERS.lang, versions.lang)
      reply.header(DATA_VERSION_HEADERS.dict, versions.dict)
      reply.header(DATA_VERSION_HEADERS.param, versions.param)
    } catch (err) {
      // The answer matters more than its headers; the console keeps what it has cached.
      hub.log(`data versions unavailable: ${err instanceof Error ? err.message : String(err)}`)
    }
    return payload
  })
}
