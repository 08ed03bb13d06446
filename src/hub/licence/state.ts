import * as licence from '../../shared/contract/platform/licence'
import type { LicenceState } from '../../shared/contract/platform/licence'
import { pageAccess } from '../../shared/contract/platform/pageAccess'
import * as session from '../../shared/contract/platform/session'
import * as startup from '../../shared/contract/platform/startup'
import { ResultCode } from '../../shared/envelope'
import { utcToday } from '../../shared/licence/format'
import type { HubContext } from '../http/context'
import { Refusal } from '../kernel/refusal'
import { storedLicenceValid } from './check'
import { licenceRepository as licences } from './licenceRepository'

/** The current licence (newest upload), checked against this hub's key and today's date. */
export async function licenceState(hub: HubContext): Promise<LicenceState> {
  const enforced = hub.config.licenceEnforce === true
  const row = await licences.current(hub.store.db)
  if (!row) return { enforced, valid: false, licence: null }
  return { enforced, valid: storedLicenceValid(row.content, hub.config.licencePublicKey, utcToday()), licence: licences.toRecord(row) }
}

/**
 * Session calls that keep working without a valid licence: the licence calls themselves, and
 * what the console needs to sign in, show its shell and reach the licence page (me, logout,
 * menu). getLicese, i18n and parameters are public, so they never reach the gate.
 */
export const LICENCE_FREE_ENDPOINTS: ReadonlySet<string> = new Set(
  [
    licence.getLicese, licence.licenceUpload, licence.licenceQuery, licence.licenceDetail,
    // The user's own theme and locale (getPreference) belong to "me": the shell needs them.
    session.me, session.getPreference, session.logout,
    startup.i18nMessages, startup.parameterListAll, startup.menuList,
    // The shell's catch-all page asks it, like the menu.
    pageAccess,
  ].map((e) => e.id),
)

/** '4060' '证书错误!' for a protected call while enforcement is on and no valid licence is installed. */
export async function requireLicence(hub: HubContext, endpointId: string): Promise<void> {
  if (hub.config.licenceEnforce !== true || LICENCE_FREE_ENDPOINTS.has(endpointId)) return
  // Read on every call (no cache): several hub nodes share the store, and an upload on one must
  // unlock all of them at once. One indexed row and one Ed25519 verify (tens of µs).
  if (!(await licenceState(hub)).valid) throw new Refusal(ResultCode.licenceError, 'msg_licence_error')
}
