import { conflict, notFound } from '../../kernel/refusal'

/** The administration refusals: a code and a message key of the catalogue (spec part 2 §8). */

export const roleNotFound = notFound('msg_role_not_found')
export const userNotFound = notFound('msg_user_not_found')
export const positionNotFound = notFound('msg_position_not_found')
export const orgNotFound = notFound('msg_org_not_found')
export const menuNotFound = notFound('msg_menu_not_found')

export const roleCodeDuplicate = conflict('msg_role_code_duplicate')
export const roleSysLocked = conflict('msg_role_sys_locked')
export const roleNotNormal = conflict('msg_role_not_normal')
export const userNotNormal = conflict('msg_user_not_normal')
export const usernameDuplicate = conflict('msg_username_duplicate')
export const employeeNoDuplicate = conflict('msg_employee_no_duplicate')
export const selfLocked = conflict('msg_user_self_locked')
export const positionDuplicate = conflict('msg_position_duplicate')
export const orgCodeDuplicate = conflict('msg_org_code_duplicate')
export const rootDelete = conflict('msg_org_root_delete')
export const parentAbnormal = conflict('msg_parent_abnormal')
export const childNormal = conflict('msg_child_normal')
export const parentInvalid = conflict('msg_parent_invalid')
export const routerDuplicate = conflict('msg_menu_router_duplicate')

export { isUniqueViolation } from '../../datahub/refusals'
