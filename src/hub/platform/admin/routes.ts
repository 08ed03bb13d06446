import type { Route } from '../../http/context'
import { routesIn } from '../../http/routeMaps'
import * as employees from './employees'
import * as menus from './menus'
import * as orgs from './orgs'
import * as positions from './positions'
import * as roleAuth from './roleAuth'
import * as roles from './roles'
import { transferRoutes } from './transfer/routes'

// The modules also export a few constants beside their routes.
/** Handlers of adminEndpoints (buildHub checks that none is missing). */
export const adminRoutes: readonly Route[] = [...routesIn(roles, roleAuth, positions, orgs, employees, menus), ...transferRoutes]
