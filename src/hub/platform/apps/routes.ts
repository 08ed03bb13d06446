import * as apisContract from '../../../shared/contract/platform/apps/apis'
import * as applicationsContract from '../../../shared/contract/platform/apps/applications'
import * as clientRoutersContract from '../../../shared/contract/platform/apps/clientRouters'
import * as gatewaysContract from '../../../shared/contract/platform/apps/gateways'
import * as modulesContract from '../../../shared/contract/platform/apps/modules'
import { endpointsIn } from '../../../shared/endpoint'
import type { Route } from '../../http/context'
import { routesFor } from '../../http/routeMaps'
import * as apiGroups from './apiGroups'
import * as apis from './apis'
import * as applications from './applications'
import * as clientRouters from './clientRouters'
import * as gateways from './gateways'
import * as modules from './modules'

// Each handler module is the route map of the contract module of the same name (same export
// names; the helpers it also exports are left aside). API groups are declared with the APIs.
/** Handlers of appEndpoints, one per endpoint (the compiler checks none is missing). */
export const appRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(applicationsContract), applications),
  ...routesFor(endpointsIn(modulesContract), modules),
  ...routesFor(endpointsIn(apisContract), { ...apis, ...apiGroups }),
  ...routesFor(endpointsIn(gatewaysContract), gateways),
  ...routesFor(endpointsIn(clientRoutersContract), clientRouters),
]
