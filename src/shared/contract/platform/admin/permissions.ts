import { IDENTITY_PROVIDER_PERMISSION } from '../identityProviders'
import { SYS_AUTH_PERMISSION } from '../messaging/permissions'

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

/**
 * Permission codes that reach other people's accounts (issue 31): identity providers and system
 * authentications decide who is signed in without a password; user and role management change
 * who holds what. The hub bounds each by the holder's own permissions (src/hub/authority); the
 * role authorisation screen marks them so an administrator grants them knowingly.
 */
export const ACCOUNT_REACHING_PERMISSIONS: readonly string[] = [IDENTITY_PROVIDER_PERMISSION, SYS_AUTH_PERMISSION, USER_PERMISSION, ROLE_PERMISSION]

/** Whether `code` is one of ACCOUNT_REACHING_PERMISSIONS. */
export const reachesAccounts = (code: string | null | undefined): boolean => !!code && ACCOUNT_REACHING_PERMISSIONS.includes(code)
