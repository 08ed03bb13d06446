/**
 * Permission codes of the application-area calls: the seeded menu's page codes
 * (src/hub/store/seed/menuTree.ts), so granting a page grants its calls.
 */
export const APPLICATION_PERMISSION = 'platform:application'
export const MODULE_PERMISSION = 'platform:applicationModule'
export const API_PERMISSION = 'platform:applicationApi'
export const API_GROUP_PERMISSION = 'platform:apiGroup'
export const GATEWAY_INTERNAL_PERMISSION = 'platform:gatewayInternal'
export const GATEWAY_EXTERNAL_PERMISSION = 'platform:gatewayExternal'
/** The gateway module: reloading the live route table concerns both route kinds. */
export const GATEWAY_PERMISSION = 'platform:gateway'
export const CLIENT_ROUTER_PERMISSION = 'platform:clientRouter'
