import { hubContext, serveEndpoints } from '../../../src/hub/app'
import { bootstrapAdmin } from '../../../src/hub/auth/bootstrap'
import { mappingFileRoutes } from '../../../src/hub/datahub/mappingFiles/routes'
import { login as loginRoute } from '../../../src/hub/platform/session'
import { openStore } from '../../../src/hub/store'
import { mappingFileEndpoints } from '../../../src/shared/contract/datahub/mappingFiles'
import { login } from '../../../src/shared/contract/platform/session'
import { testConfig, type TestHub } from '../../support/hub'
import type { StoreLocation } from '../../support/stores'

/**
 * A hub serving sign-in and the mapping-file endpoints only, through the same registrar as the
 * full hub: these tests then do not depend on every other area of the contract being complete.
 */
export async function openMappingHub(location: StoreLocation): Promise<TestHub> {
  const config = testConfig(location)
  const logs: string[] = []
  const log = (line: string) => logs.push(line)
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  await bootstrapAdmin(store, { dataDir: config.dataDir, adminPassword: config.adminPassword, log })
  const hub = hubContext({ store, config, log })
  const app = await serveEndpoints(hub, [login, ...Object.values(mappingFileEndpoints)], [loginRoute, ...mappingFileRoutes])
  return {
    app,
    store,
    config,
    logs,
    events: hub.events,
    outbox: hub.outbox,
    close: async () => {
      await app.close()
      await store.close()
    },
  }
}
