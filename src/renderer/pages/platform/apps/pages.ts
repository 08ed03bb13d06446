import type { PageLoaders } from '../../pageTypes'

/** Pages of this area by menu route name (lower case), merged into the registry's 'common' folder. */
export const appPages: PageLoaders = {
  applicationlist: () => import('./ApplicationListPage'),
  applicationmodulelist: () => import('./ApplicationModuleListPage'),
  applicationapilist: () => import('./ApplicationApiListPage'),
  apigrouplist: () => import('./ApiGroupListPage'),
  gatewayinternallist: () => import('./GatewayInternalListPage'),
  gatewayexternallist: () => import('./GatewayExternalListPage'),
  clientrouterlist: () => import('./ClientRouterListPage'),
}
