import { ResultCode } from '../../shared/envelope'
import { changePassword, logout, me } from '../../shared/contract/platform/session'
import { Refusal } from '../kernel/refusal'
import type { ActiveSession } from './sessions'

/**
 * Forced password change (issue 21 #1, issue 23 item 6). A password someone other than its owner
 * chose — an administrator's reset, the initial password of a user an administrator created or
 * imported — is known to that someone, so its owner must replace it before doing anything else.
 * The flag is the users column of migration 0011; it is cleared by the owner's own change.
 *
 * The owner still signs in with it (changing a password needs a session, and the login answer
 * says `mustChangePassword: true` so the console shows the change step at once), but until the
 * change every session call except the ones below answers 4031 msg_password_change_required:
 * whoever else learnt the password cannot use the account.
 */
const ALLOWED_BEFORE_CHANGE: ReadonlySet<string> = new Set([me.id, changePassword.id, logout.id])

export const passwordChangeRequired = (): Refusal => new Refusal(ResultCode.forbidden, 'msg_password_change_required')

/** The registrar's check for a session endpoint: refused while the user's password is not their own. */
export function requireOwnPassword(session: ActiveSession, endpointId: string): void {
  if (session.mustChangePassword && !ALLOWED_BEFORE_CHANGE.has(endpointId)) throw passwordChangeRequired()
}
