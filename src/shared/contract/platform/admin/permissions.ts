/**
 * Permission codes of the administration calls: the seeded menu's codes
 * (src/hub/store/seed/menuTree.ts), so a role that shows a page may also use its calls, and
 * granting a menu in the role authorisation screen grants its API with it (spec part 2 §6:
 * "role authorisation allocates API and menu to a role").
 */
export const USER_PERMISSION = 'platform:user'
export const ROLE_PERMISSION = 'platform:role'
export const POSITION_PERMISSION = 'platform:position'
export const ORG_PERMISSION = 'platform:org'
export const MENU_PERMISSION = 'platform:menu'
