import type { z } from 'zod'
import type { ssoLogin } from '../../../shared/contract/platform/sso'
import type { MatchBy } from '../../../shared/rules/platform/identityProvider'
import type { CallContext } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { mayUseConsole } from '../../platform/session'
import { sessionUser } from '../../platform/users'
import { adminSignInRefusal, autoCreateRefusal } from '../../authority/ways'
import { messagingDb } from '../../platform/messaging/tables'
import type { HubDatabase } from '../../store/schema'
import type { Kysely } from 'kysely'
import { clientAddress } from '../clientAddress'
import { attemptFailed, attemptSucceeded, reserveAttempt } from '../lockout'
import { loginAttemptRepository } from '../loginAttemptRepository'
import { createSession } from '../sessions'
import { providerRepository } from './providerRepository'
import { locked, userRefused } from './refusals'
import { SignInRefused } from './signInRefused'
import type { SsoProvidersTable } from './tables'
import { createUser, findUser } from './userMatch'

export type SignedIn = z.input<(typeof ssoLogin)['output']>
export type SsoMethod = 'cas' | 'oidc' | 'app'

/** Who a provider vouched for: the value to match, and what a new user would be made of. */
export interface Identity {
  value: string
  name: string
  email: string
}

/** The system authentication an app provider names. */
const applicationOf = (db: Kysely<HubDatabase>, appCode: string) => messagingDb(db).selectFrom('sys_authentications').select('admin_sign_in').where('app_code', '=', appCode).executeTakeFirst()

/**
 * Signs in the platform user the identity names, by the provider's mapping, as /login would:
 * the same lockout turn (a locked account is refused whatever the provider says, a refusal here
 * counts as a failure, a success clears the address's failures), the same status check (a
 * disabled user, or one not allowed into the console, is refused), the same session.
 */
export async function signInAs(call: CallContext, provider: SsoProvidersTable, identity: Identity): Promise<SignedIn> {
  const { store } = call.hub
  const matchBy = provider.match_by as MatchBy
  if (!identity.value) throw new SignInRefused(userRefused(), `the provider's answer has no ${provider.claim || 'identity'} to match by ${matchBy}`)
  const adminTrusted = provider.admin_trusted === '1'
  let user = await findUser(store.db, matchBy, identity.value)
  if (!user && provider.auto_create === '1') {
    // Authority (authority/ways.ts): the roles are given now only if whoever saved the provider still could.
    const roles = providerRepository.jsonList(provider.roles)
    const refused = await autoCreateRefusal(store.db, { savedBy: provider.saved_by, adminTrusted }, roles)
    if (refused) throw new SignInRefused(userRefused(), `no platform user with ${matchBy} '${identity.value}', and none is created: ${refused}`)
    user = await createUser(store.db, store.kind, { matchBy, value: identity.value, name: identity.name, email: identity.email, roles })
    if (user) call.hub.log(`[sso] created user '${user.username}' for ${provider.kind} provider '${provider.name}'`)
  }
  if (!user) throw new SignInRefused(userRefused(), `no platform user with ${matchBy} '${identity.value}'`)
  // An administrator only through a way in an administrator marked for it; refused as any user it may not sign in.
  const application = provider.kind === 'app' ? { adminSignIn: (await applicationOf(store.db, provider.app_code))?.admin_sign_in === '1' } : null
  const notForAdmins = await adminSignInRefusal(store.db, { adminTrusted, application }, user.id)
  if (notForAdmins) throw new SignInRefused(userRefused(), notForAdmins, user.username)
  const reservation = await reserveAttempt(store, user.username, clientAddress(call.address))
  if (!reservation.attempt) throw new SignInRefused(locked(reservation.lockedMinutes), `account locked (${reservation.lockedMinutes} min left)`, user.username)
  if (!mayUseConsole(user)) {
    await attemptFailed(store.db, reservation.attempt)
    throw new SignInRefused(userRefused(), 'user disabled or not allowed to sign in to the console', user.username)
  }
  await attemptSucceeded(store.db, reservation.attempt)
  // An SSO session is not held by a forced password change (sessions.ts): the user never used,
  // and may never have been told, the password an administrator set.
  const token = await createSession(store.db, user.id, call.hub.config.sessionHours, Date.now(), 'sso')
  const { mustChangePassword: _, ...answer } = await sessionUser(store.db, user)
  return { ...answer, token }
}

/**
 * Runs one single sign-on and logs it, succeeded or refused, with its reason (login_log and the
 * hub's log; never the ticket, code or token). A refusal answers as its Refusal.
 */
export async function logged(call: CallContext, method: SsoMethod, providerId: () => string, work: () => Promise<SignedIn>): Promise<SignedIn> {
  const address = clientAddress(call.address)
  const record = async (outcome: 'success' | 'refused', username: string, reason: string) => {
    await loginAttemptRepository.record(call.hub.store.db, { method, providerId: providerId(), username, address, outcome, reason, at: Date.now() })
    call.hub.log(`[sso] ${method} sign-in ${outcome === 'success' ? 'of' : 'refused for'} '${username || '?'}' from ${address}${reason ? `: ${reason}` : ''}`)
  }
  try {
    const answer = await work()
    await record('success', answer.username, '')
    return answer
  } catch (err) {
    if (err instanceof SignInRefused) {
      await record('refused', err.username, err.reason)
      throw err.refusal
    }
    if (err instanceof Refusal) await record('refused', '', err.messageKey)
    throw err
  }
}
