import { conflict, notFound } from '../../kernel/refusal'

/** The application area's refusals: a code and a message key (spec part 2 §8 catalogue). */

export const appNotFound = notFound('msg_apps_app_not_found')
export const moduleNotFound = notFound('msg_apps_module_not_found')
export const apiNotFound = notFound('msg_apps_api_not_found')
export const groupNotFound = notFound('msg_apps_group_not_found')
export const gatewayNotFound = notFound('msg_apps_gateway_not_found')
export const routerNotFound = notFound('msg_apps_router_not_found')

export const appDuplicate = conflict('msg_apps_app_duplicate')
export const appCodeLocked = conflict('msg_apps_app_code_locked')
export const appInUse = conflict('msg_apps_app_in_use')
export const moduleDuplicate = conflict('msg_apps_module_duplicate')
export const moduleLocked = conflict('msg_apps_module_locked')
export const apiDuplicate = conflict('msg_apps_api_duplicate')
export const apiLocked = conflict('msg_apps_api_locked')
export const groupDuplicate = conflict('msg_apps_group_duplicate')
export const groupLocked = conflict('msg_apps_group_locked')
export const groupInUse = conflict('msg_apps_group_in_use')
export const gatewayDuplicate = conflict('msg_apps_gateway_duplicate')
export const routerDuplicate = conflict('msg_apps_router_duplicate')
export const routerInUse = conflict('msg_apps_router_in_use')
export const routerRenameInUse = conflict('msg_apps_router_rename_in_use')

export { isUniqueViolation } from '../../datahub/refusals'
