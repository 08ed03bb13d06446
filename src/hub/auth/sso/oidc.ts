import * as client from 'openid-client'
import { decryptSecret, secretKey } from '../../kernel/secrets'
import type { HubContext } from '../../http/context'
import { ProviderUnreachable, providerFetch } from './outbound'
import { codeInvalid, entityInvalid, statusNot200, unreachable } from './refusals'
import { SignInRefused } from './signInRefused'
import type { SsoProvidersTable } from './tables'
import type { PendingFlow } from './flowRepository'

type Hub = Pick<HubContext, 'config'>

/** Discovery is kept this long per provider version (an edit makes a new one at once). */
const DISCOVERY_MS = 5 * 60_000
const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>()

/**
 * Plain http is allowed only for an issuer on a loopback address (a developer's or a test's
 * provider): everywhere else the library's HTTPS-only rule stands.
 */
const loopbackIssuer = (issuer: URL): boolean => issuer.protocol === 'http:' && (/^127\.\d+\.\d+\.\d+$/.test(issuer.hostname) || issuer.hostname === '[::1]')

/** The first ProviderUnreachable in an error's cause chain (the library wraps what fetch threw). */
function unreachableIn(err: unknown): ProviderUnreachable | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) if (e instanceof ProviderUnreachable) return e
  return null
}

/** The claim oauth4webapi says failed its check (exp, iat, aud, iss, nonce…), somewhere in the cause chain. */
function failedClaim(err: unknown): string {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const claim = (e as { claim?: unknown }).claim
    if (typeof claim === 'string') return ` (claim ${claim})`
  }
  return ''
}

/** A failure of the library as a sign-in refusal with the spec's message and a reason for the log. */
function refusalOf(err: unknown, step: string): SignInRefused {
  const failed = unreachableIn(err)
  if (failed) return new SignInRefused(unreachable(failed), `OIDC ${step}: provider unreachable: ${failed.why}`)
  if (err instanceof client.ResponseBodyError) return new SignInRefused(codeInvalid(), `OIDC ${step}: the provider answered ${err.error}${err.error_description ? ` (${err.error_description})` : ''}`)
  const cause = (err as { cause?: unknown }).cause
  if (cause instanceof Response && cause.status !== 200) return new SignInRefused(statusNot200({ status: cause.status, url: cause.url }), `OIDC ${step}: the provider answered HTTP ${cause.status}`)
  const code = (err as { code?: string }).code ?? ''
  const claim = failedClaim(err)
  const message = (err instanceof Error ? err.message : String(err)) + claim
  // The library's checks of the ID token and of the response (issuer, audience, signature, expiry, nonce…).
  if (step === 'code exchange' && code.startsWith('OAUTH_')) return new SignInRefused(codeInvalid(), `OIDC ${step}: ${code}: ${message}`)
  return new SignInRefused(entityInvalid(), `OIDC ${step}: ${code ? `${code}: ` : ''}${message}`)
}

/**
 * The provider's configuration by discovery from its issuer (openid-client checks the document's
 * issuer is that issuer), with the client's id and secret; the secret is sent by HTTP Basic
 * (client_secret_basic, the method every authorization server supports, RFC 6749 §2.3.1). Every
 * request the library makes goes through providerFetch (the hub's address rule).
 */
export function oidcConfiguration(hub: Hub, row: SsoProvidersTable, now = Date.now()): Promise<client.Configuration> {
  const key = `${row.id}|${row.updated_at}`
  const cached = discovered.get(key)
  if (cached && now - cached.at < DISCOVERY_MS) return cached.config
  const issuer = new URL(row.server_url)
  const secret = decryptSecret(secretKey(hub.config.dataDir), row.client_secret)
  const config = client.discovery(issuer, row.client_id, { client_secret: secret }, client.ClientSecretBasic(secret), {
    [client.customFetch]: providerFetch(hub),
    ...(loopbackIssuer(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
  })
  discovered.set(key, { at: now, config })
  // A failed discovery is not kept: the next sign-in tries again.
  config.catch(() => discovered.delete(key))
  return config
}

/** Discovery for "test connection" and for authorize; failures as refusals with the spec's messages. */
export async function discover(hub: Hub, row: SsoProvidersTable): Promise<client.Configuration> {
  try {
    return await oidcConfiguration(hub, row)
  } catch (err) {
    throw refusalOf(err, 'discovery')
  }
}

/** The authorization URL of the code flow with PKCE S256 and a nonce (OIDC Core §3.1.2.1). */
export async function authorizationUrl(hub: Hub, row: SsoProvidersTable, flow: PendingFlow): Promise<string> {
  const config = await discover(hub, row)
  const scope = row.scopes.split(/[\s,]+/).filter(Boolean)
  if (!scope.includes('openid')) scope.unshift('openid')
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: flow.redirectUri,
      scope: scope.join(' '),
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString()
}

/**
 * Exchanges the code (with the flow's PKCE verifier) and returns the ID token's claims, once
 * openid-client has checked state, the token response, and the ID token's signature (the
 * provider's published keys), issuer, audience (this client), expiry and nonce. When the ID
 * token lacks `wanted` (providers may keep profile and email claims for the UserInfo endpoint,
 * OIDC Core §5.4), UserInfo is asked with the access token; its `sub` must be the ID token's
 * (§5.3.2), and the ID token's own claims win.
 */
export async function exchangeCode(hub: Hub, row: SsoProvidersTable, flow: PendingFlow, code: string, wanted: string): Promise<Record<string, unknown>> {
  const config = await discover(hub, row)
  const callback = new URL(flow.redirectUri)
  callback.searchParams.set('code', code)
  callback.searchParams.set('state', flow.state)
  // RFC 9207: the desktop passes code and state only; the flow is bound to this provider by its state.
  if (config.serverMetadata().authorization_response_iss_parameter_supported) callback.searchParams.set('iss', config.serverMetadata().issuer)
  try {
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true })
    const claims = tokens.claims()
    if (!claims) throw new Error('no ID token')
    if (claims[wanted] !== undefined || !config.serverMetadata().userinfo_endpoint) return claims as Record<string, unknown>
    return { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub).catch((err: unknown) => {
      throw refusalOf(err, 'userinfo')
    })), ...claims }
  } catch (err) {
    throw err instanceof SignInRefused ? err : refusalOf(err, 'code exchange')
  }
}
