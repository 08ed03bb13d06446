import { alarmRoutes } from './alarms/centre/routes'
import { dataSourceRoutes } from './datahub/dataSources/routes'
import { mappingFileRoutes } from './datahub/mappingFiles/routes'
import { datahubRoutes } from './datahub/routes'
import { wsdlRoutes } from './datahub/wsdl/routes'
import { adminRoutes } from './platform/admin/routes'
import { appRoutes } from './platform/apps/routes'
import { configRoutes } from './platform/config/routes'
import { messagingRoutes } from './platform/messaging/routes'
import { userCentreRoutes } from './platform/userCentre/routes'
import { runtimeRoutes } from './runtime/routes'
import type { Route } from './http/context'
import { licenceRoutes } from './licence/routes'
import { pageAccess } from './platform/pageAccess'
import { sessionRoutes } from './platform/session'
import { startupRoutes } from './platform/startup'

/**
 * The handler of every endpoint of the contract. Each area's typed route map has the compiler
 * check its handlers against its contract modules; buildHub still checks at boot that no
 * endpoint is left without one. A Set, since getLicese belongs to both the start-up and the
 * licence set.
 */
export const routes: readonly Route[] = [...new Set([
  ...sessionRoutes,
  ...startupRoutes,
  pageAccess,
  ...datahubRoutes,
  ...licenceRoutes,
  ...dataSourceRoutes,
  ...wsdlRoutes,
  ...mappingFileRoutes,
  ...adminRoutes,
  ...runtimeRoutes,
  ...configRoutes,
  ...appRoutes,
  ...messagingRoutes,
  ...userCentreRoutes,
  ...alarmRoutes,
])]
