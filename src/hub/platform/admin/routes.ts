import type { Route } from '../../http/context'
import * as employees from './employees'
import * as menus from './menus'
import * as orgs from './orgs'
import * as positions from './positions'
import * as roleAuth from './roleAuth'
import * as roles from './roles'
import { transferRoutes } from './transfer/routes'

// The modules also export a few constants beside their routes.
const isRoute = (v: unknown): v is Route => typeof v === 'object' && v !== null && 'endpoint' in v

/** Handlers of adminEndpoints (buildHub checks that none is missing). */
export const adminRoutes: readonly Route[] = [...[roles, roleAuth, positions, orgs, employees, menus].flatMap((m) => Object.values(m).filter(isRoute)), ...transferRoutes]
