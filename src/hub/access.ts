import type { AccessPolicy } from './http/context'
import { requireLicence } from './licence/state'
import { accountRepository } from './platform/accountRepository'

/**
 * The hub's access policy, handed to the HTTP layer in the hub context: the licence gate of
 * licence/ and the role permissions of platform/. Composed here, at the top, so that http/
 * (which every area imports) imports none of the areas back.
 */
export const hubAccess: AccessPolicy = {
  admit: requireLicence,
  permissionsOf: (hub, userId) => accountRepository.permissionCodes(hub.store.db, userId),
}
