import { alarmRoutes } from './alarms/centre/routes'
import { dashboardRoutes } from './dashboards/routes'
import { ssoRoutes } from './auth/sso/routes'
import { underChangeControl } from './approvals/changes/gate'
import { approvalRoutes } from './approvals/routes'
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
import { opsRoutes } from './ops/home/routes'
import { promotionRoutes } from './promotion/routes'
import type { Route } from './http/context'
import { licenceRoutes } from './licence/routes'
import { logRoutes } from './logs/routes'
import { pageAccess } from './platform/pageAccess'
import { sessionRoutes } from './platform/session'
import { startupRoutes } from './platform/startup'

/**
 * The handler of every endpoint of the contract. Each area's typed route map has the compiler
 * check its handlers against its contract modules; buildHub still checks at boot that no
 * endpoint is left without one. A Set, since getLicese belongs to both the start-up and the
 * licence set. Every route passes the change gate (approvals/changes/gate.ts): the saves of the
 * configuration under change control come back wrapped, the others as they were.
 */
export const routes: readonly Route[] = [...new Set([
  ...sessionRoutes,
  ...ssoRoutes,
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
  ...dashboardRoutes,
  ...opsRoutes,
  ...promotionRoutes,
  ...logRoutes,
  ...approvalRoutes,
])].map(underChangeControl)
