import type { Endpoint } from '../../../endpoint'
import { apiEndpoints } from './apis'
import { applicationEndpoints } from './applications'
import { clientRouterEndpoints } from './clientRouters'
import { gatewayEndpoints } from './gateways'
import { moduleEndpoints } from './modules'

/** Applications, modules, APIs and API groups, gateway routes, client routers (spec part 2 §7). */
export const appEndpoints = {
  ...applicationEndpoints,
  ...moduleEndpoints,
  ...apiEndpoints,
  ...gatewayEndpoints,
  ...clientRouterEndpoints,
} satisfies Record<string, Endpoint>
