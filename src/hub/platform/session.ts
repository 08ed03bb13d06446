import type { Kysely } from 'kysely'
import * as contract from '../../shared/contract/platform/session'
import { endpointsIn } from '../../shared/endpoint'
import { ResultCode } from '../../shared/envelope'
import { BOOTSTRAP_USERNAME, forgetInitialPassword } from '../auth/bootstrap'
import { clientAddress } from '../auth/clientAddress'
import { attemptFailed, attemptSucceeded, reserveAttempt } from '../auth/lockout'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords'
import { createSession, revokeSession, revokeUserSessions } from '../auth/sessions'
import { sessionInvalid, signedIn } from '../http/auth'
import { route, type CallContext } from '../http/context'
import { routesFor } from '../http/routeMaps'
import { Refusal } from '../kernel/refusal'
import { fieldRefusal } from '../http/validation'
import type { HubDatabase, UsersTable } from '../store/schema'
import type { EmployeeColumns } from './admin/tables'
import { accountRepository } from './accountRepository'
import { parsePreference, sessionUser } from './users'

/**
 * Spec: users carry an "able to login backend" flag (migration 0004's can_login); this console
 * is that back office, so a user without it is refused like a disabled one.
 */
export const mayUseConsole = (user: UsersTable): boolean => user.status === '1' && (user as UsersTable & Partial<EmployeeColumns>).can_login !== '0'

const loginFailed = () => new Refusal(ResultCode.loginFailed, 'msg_login_fail')
const locked = (minutes: number) => new Refusal(ResultCode.accountLocked, 'msg_login_locked', { minutes })

/** The signed-in user's record; '4030' if it vanished since the session was checked. */
async function currentUser(db: Kysely<HubDatabase>, call: CallContext): Promise<UsersTable> {
  const user = await accountRepository.find(db, signedIn(call).userId)
  if (!user) throw sessionInvalid()
  return user
}

/**
 * Sign-in. Unknown user, wrong password and disabled user get the same answer after the same
 * work (an argon2 verification), so neither the message nor the timing says whether a username
 * exists (nor whether the account may sign in at all). The attempt is counted before the
 * password is checked (src/hub/auth/lockout.ts): while the account is locked for this address
 * even the right password is refused without being checked, and a burst of concurrent attempts
 * gets no more checks than sequential ones would. Usernames are case-insensitive: every
 * spelling names the same account and shares its count.
 */
export const login = route(contract.login, async ({ username, password }, call) => {
  const { db } = call.hub.store
  const user = await accountRepository.findByUsername(db, username)
  const reservation = await reserveAttempt(call.hub.store, user?.username ?? username, clientAddress(call.address))
  if (!reservation.attempt) throw locked(reservation.lockedMinutes)

  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password)
  if (!user || !passwordOk || !mayUseConsole(user)) {
    // The failure that sets the lock says so at once.
    const nowLocked = await attemptFailed(db, reservation.attempt)
    throw nowLocked > 0 ? locked(nowLocked) : loginFailed()
  }
  await attemptSucceeded(db, reservation.attempt)
  const token = await createSession(db, user.id, call.hub.config.sessionHours)
  return { ...(await sessionUser(db, user)), token }
})

export const logout = route(contract.logout, async (_input, call) => {
  await revokeSession(call.hub.store.db, signedIn(call).tokenHash)
  return null
})

export const me = route(contract.me, async (_input, call) => {
  const { db } = call.hub.store
  return sessionUser(db, await currentUser(db, call))
})

export const getPreference = route(contract.getPreference, async (_input, call) => {
  const user = await currentUser(call.hub.store.db, call)
  return parsePreference(user.preference)
})

/** Name, avatar and preference; the preference is merged, so one setting can change alone. */
export const updateMe = route(contract.updateMe, async ({ name, avatar, preference }, call) => {
  const { db } = call.hub.store
  const user = await currentUser(db, call)
  const merged = { ...parsePreference(user.preference), ...preference }
  // An empty colour is "no colour of my own": stored as absent, so the platform's applies.
  if (merged.themeColor === '') delete merged.themeColor
  await accountRepository.updateProfile(db, user.id, { name, avatar, preference: JSON.stringify(merged) })
  return sessionUser(db, (await accountRepository.find(db, user.id))!)
})

/**
 * A new password ends every session of the user, this one included: whoever else held one
 * must sign in again with the new password.
 */
export const changePassword = route(
  contract.changePassword,
  async ({ oldPassword, newPassword }, call) => {
    const { db } = call.hub.store
    const user = await currentUser(db, call)
    if (!(await verifyPassword(user.password_hash, oldPassword))) throw fieldRefusal('oldPassword', 'msg_password_old_wrong')
    // A forced change that keeps the password someone else chose would change nothing.
    const forced = signedIn(call).mustChangePassword
    if (forced && newPassword === oldPassword) throw fieldRefusal('newPassword', 'msg_password_same')
    // The password is now the user's own: the forced change (if any) is done.
    await accountRepository.setOwnPassword(db, user.id, await hashPassword(newPassword))
    await revokeUserSessions(db, user.id)
    if (user.username === BOOTSTRAP_USERNAME) await forgetInitialPassword(call.hub.config.dataDir)
    return null
  },
  { successMessage: 'msg_password_changed' },
)

/** A handler for each call the contract's session module declares. */
export const sessionRoutes = routesFor(endpointsIn(contract), { login, logout, me, getPreference, updateMe, changePassword })
