import type { Route } from '../../http/context'
import { routesIn } from '../../http/routeMaps'
import * as apiGroups from './apiGroups'
import * as apis from './apis'
import * as applications from './applications'
import * as clientRouters from './clientRouters'
import * as gateways from './gateways'
import * as modules from './modules'

// The modules also export helpers beside their routes.
/** Handlers of appEndpoints (buildHub checks that none is missing). */
export const appRoutes: readonly Route[] = routesIn(applications, modules, apis, apiGroups, gateways, clientRouters)
