import * as client from 'openid-client'
import * as contract from '../../../shared/contract/platform/sso'
import { secretKey } from '../../kernel/secrets'
import { route } from '../../http/context'
import { signerOf, withinWindow, TOKEN_WINDOW_MS } from './appToken'
import { casBase, namesCasServer, validateTicket } from './cas'
import { flowRepository } from './flowRepository'
import { authorizationUrl, exchangeCode } from './oidc'
import { availableNow } from './providerHealth'
import { providerRepository } from './providerRepository'
import { redirectUriAllowed, withoutQuery } from './redirectUris'
import { appSsoOff, providerUnknown, redirectUriRefused, serviceRefused, ssoOff, stateInvalid, ticketInvalid, tokenExpired, tokenInvalid, userRefused, validateUrlRefused } from './refusals'
import { logged, signInAs } from './signIn'
import { SignInRefused } from './signInRefused'
import { parameterOn } from './switches'
import { ssoDb, type SsoProvidersTable } from './tables'

/** How long a begun authorization waits for its callback (the desktop gives up after 5 minutes). */
const FLOW_MS = 10 * 60_000
/** A CAS service ticket is remembered as used this long (CAS tickets live seconds, §3.1.1). */
const TICKET_MEMORY_MS = 24 * 3_600_000

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

/** The claim an OIDC provider is matched by when the administrator named none. */
const DEFAULT_CLAIM = { username: 'preferred_username', email: 'email', employeeNo: 'employee_number' } as const

const serviceState = (service: string): string | null => {
  try {
    return new URL(service).searchParams.get('state')
  } catch {
    return null
  }
}

export const ssoProviders = route(contract.ssoProviders, async (_input, call) => {
  const { db } = call.hub.store
  if (!(await parameterOn(db, 'sso'))) return []
  const rows = await providerRepository.enabled(ssoDb(db), contract.SSO_KINDS)
  // One that does not answer now is still listed, greyed on the page, instead of vanishing.
  const available = await Promise.all(rows.map((r) => availableNow(call.hub, r)))
  return rows.map((r, i) => ({ id: r.id, name: r.name, kind: r.kind as (typeof contract.SSO_KINDS)[number], available: available[i]! }))
})

/** An enabled CAS or OIDC provider with this id, while `sso` is on. */
async function ssoProvider(db: Parameters<typeof parameterOn>[0], id: string): Promise<SsoProvidersTable> {
  if (!(await parameterOn(db, 'sso'))) throw ssoOff()
  const row = await providerRepository.enabledById(ssoDb(db), id)
  if (!row || (row.kind !== 'cas' && row.kind !== 'oidc')) throw providerUnknown()
  return row
}

export const ssoAuthorize = route(contract.ssoAuthorize, async ({ providerId, redirectUri }, call) => {
  const { db } = call.hub.store
  const provider = await ssoProvider(db, providerId)
  if (!redirectUriAllowed(providerRepository.jsonList(provider.redirect_uris), redirectUri)) throw redirectUriRefused()
  const flow = { state: client.randomState(), providerId, redirectUri, nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() }
  if (provider.kind === 'cas') {
    const service = new URL(redirectUri)
    service.searchParams.set('state', flow.state)
    await flowRepository.begin(ssoDb(db), flow, Date.now() + FLOW_MS)
    return { url: `${casBase(provider.server_url)}/login?${new URLSearchParams({ service: service.href }).toString()}`, state: flow.state }
  }
  const url = await authorizationUrl(call.hub, provider, flow).catch((err: unknown) => {
    throw err instanceof SignInRefused ? err.refusal : err
  })
  await flowRepository.begin(ssoDb(db), flow, Date.now() + FLOW_MS)
  return { url, state: flow.state }
})

export const ssoCodeLogin = route(contract.ssoCodeLogin, async ({ code, redirectUri, state }, call) => {
  const { db } = call.hub.store
  let providerId = ''
  return logged(call, 'oidc', () => providerId, async () => {
    if (!(await parameterOn(db, 'sso'))) throw new SignInRefused(ssoOff(), 'sso is off')
    // The state is taken once, whatever follows: a code comes with it once.
    const flow = await flowRepository.take(ssoDb(db), state, Date.now())
    if (!flow) throw new SignInRefused(stateInvalid(), 'unknown, used or expired state')
    providerId = flow.providerId
    if (flow.redirectUri !== redirectUri) throw new SignInRefused(stateInvalid(), 'the redirect URI is not the one the authorization was begun with')
    const provider = await ssoProvider(db, flow.providerId)
    if (provider.kind !== 'oidc') throw new SignInRefused(providerUnknown(), 'the state belongs to a CAS provider')
    const claimName = provider.claim || DEFAULT_CLAIM[provider.match_by as keyof typeof DEFAULT_CLAIM] || 'sub'
    const claims = await exchangeCode(call.hub, provider, flow, code, claimName)
    // A provider that says the address is unverified does not vouch for the mailbox's owner.
    if (claimName === 'email' && claims.email_verified === false) throw new SignInRefused(userRefused(), `the provider says ${text(claims.email)} is not verified`)
    const value = text(claims[claimName])
    return signInAs(call, provider, { value, name: text(claims.name) || text(claims.preferred_username), email: text(claims.email) })
  })
})

export const ssoLogin = route(contract.ssoLogin, async ({ ticket, service, validateUrl }, call) => {
  const { db } = call.hub.store
  let providerId = ''
  return logged(call, 'cas', () => providerId, async () => {
    if (!(await parameterOn(db, 'sso'))) throw new SignInRefused(ssoOff(), 'sso is off')
    const cas = (await providerRepository.enabled(ssoDb(db), ['cas'])).find((p) => namesCasServer(p.server_url, validateUrl))
    if (!cas) throw new SignInRefused(validateUrlRefused(), `validateUrl ${withoutQuery(validateUrl)} is not a configured CAS server`)
    providerId = cas.id
    // The ticket must have been issued for this console (a service the administrator registered), not another application.
    if (!redirectUriAllowed(providerRepository.jsonList(cas.redirect_uris), withoutQuery(service))) throw new SignInRefused(serviceRefused(), `service ${withoutQuery(service)} is not registered`)
    const now = Date.now()
    // A service /sso/authorize made carries its state: that authorization is then used up.
    const state = serviceState(service)
    if (state) {
      const flow = await flowRepository.take(ssoDb(db), state, now)
      if (!flow || flow.providerId !== cas.id) throw new SignInRefused(stateInvalid(), 'the service carries an unknown, used or expired state')
    }
    if (!(await flowRepository.useOnce(ssoDb(db), 'cas', ticket, now + TICKET_MEMORY_MS, now))) throw new SignInRefused(ticketInvalid(), 'the ticket was presented before')
    const identity = await validateTicket(call.hub, cas.server_url, service, ticket)
    const value = !cas.claim || cas.claim === 'user' ? identity.user : (identity.attributes[cas.claim]?.[0] ?? '')
    const first = (name: string) => identity.attributes[name]?.[0] ?? ''
    return signInAs(call, cas, { value, name: first('displayName') || first('name') || first('cn'), email: first('email') || first('mail') })
  })
})

export const ssoTokenLogin = route(contract.ssoTokenLogin, async ({ uid, timestamp, token }, call) => {
  const { db } = call.hub.store
  let providerId = ''
  return logged(call, 'app', () => providerId, async () => {
    if (!(await parameterOn(db, 'appsso'))) throw new SignInRefused(appSsoOff(), 'appsso is off')
    const now = Date.now()
    const apps = await providerRepository.enabled(ssoDb(db), ['app'])
    const signer = await signerOf(db, secretKey(call.hub.config.dataDir), apps, uid, timestamp, token)
    if (!signer) throw new SignInRefused(tokenInvalid(), 'no enabled application signed this token')
    providerId = signer.id
    if (!withinWindow(timestamp, now)) throw new SignInRefused(tokenExpired(), `timestamp ${timestamp} is more than 5 minutes from the hub's clock`)
    if (!(await flowRepository.useOnce(ssoDb(db), 'app', token, Number(timestamp) + TOKEN_WINDOW_MS + 60_000, now))) throw new SignInRefused(tokenInvalid(), 'the token was presented before')
    return signInAs(call, signer, { value: uid, name: '', email: '' })
  })
})
