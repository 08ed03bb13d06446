import type { Route } from '../../http/context'
import * as apiGroups from './apiGroups'
import * as apis from './apis'
import * as applications from './applications'
import * as clientRouters from './clientRouters'
import * as gateways from './gateways'
import * as modules from './modules'

// The modules also export helpers beside their routes.
const isRoute = (v: unknown): v is Route => typeof v === 'object' && v !== null && 'endpoint' in v

/** Handlers of appEndpoints (buildHub checks that none is missing). */
export const appRoutes: readonly Route[] = [applications, modules, apis, apiGroups, gateways, clientRouters].flatMap((m) => Object.values(m).filter(isRoute))
