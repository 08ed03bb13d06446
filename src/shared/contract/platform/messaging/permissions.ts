/**
 * Permission codes of the messaging screens: the seeded menu codes (src/hub/store/seed/menuTree.ts).
 * Platform authentication has no menu page of its own: it is a tab of the system-authentication
 * page, under that page's code.
 */
export const SYS_AUTH_PERMISSION = 'platform:sysAuthentication'
export const PF_AUTH_PERMISSION = SYS_AUTH_PERMISSION
export const EMAIL_SERVER_PERMISSION = 'platform:emailServer'
export const EMAIL_TEMPLATE_PERMISSION = 'platform:emailTemplate'
export const CHANNEL_PERMISSION = 'platform:channel'
