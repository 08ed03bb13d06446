import type { FastifyInstance } from 'fastify'
import { DATA_VERSION_HEADERS } from '../../shared/envelope'
import { readDataVersions } from '../store/dataVersions'
import type { HubContext } from './context'

/**
 * Every answer, refusals and unknown paths included, reports the versions of the language,
 * dictionary and parameter sets, so the console refetches a cached set as soon as it moved.
 */
export function installDataVersionHeaders(app: FastifyInstance, hub: HubContext): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    try {
      const versions = await readDataVersions(hub.store.db)
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
