import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { sessionUserSchema } from './session'

/**
 * Single sign-on (spec part 1 §7 and part 2 §7: /ssoLogin, /ssoCodeLogin, /ssoTokenLogin; the
 * parameters `sso` and `appsso` switch them on), beside /login (session.ts). Each sign-in answers
 * as /login does: the session user and `token`, which the main process moves into the vault.
 *
 * The desktop's system-browser flow (RFC 8252): GET /sso/providers lists the buttons; POST
 * /sso/authorize with the loopback redirect URI it listens on gives the provider's URL and the
 * state to expect back; the code (OIDC) or ticket (CAS) that arrives there goes to /ssoCodeLogin
 * or /ssoLogin. Nonce and PKCE verifier stay in the hub.
 */

/** What a sign-in answers: as /login. */
const signedInSchema = sessionUserSchema.extend({ token: z.string().optional() })

export const SSO_KINDS = ['cas', 'oidc'] as const
export const ssoProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SSO_KINDS),
  /**
   * false: the provider did not answer the hub just now (OIDC discovery, the CAS login page), so
   * the sign-in page lists it greyed with a hint instead of a button that would fail (issue 33
   * item 11). Why it failed is the administrator's to read (GET /identityProvider/health).
   */
  available: z.boolean(),
})
export type SsoProvider = z.infer<typeof ssoProviderSchema>

const text = (max: number) => z.string().trim().min(1, 'msg_field_required').max(max, 'msg_field_invalid')

/** The enabled CAS and OIDC providers, by name, each saying whether it answers now; empty while the parameter `sso` is off. */
export const ssoProviders = defineEndpoint({
  id: 'platform.sso.providers',
  method: 'GET',
  area: 'platform',
  path: '/sso/providers',
  access: 'public',
  input: z.object({}).optional(),
  output: z.array(ssoProviderSchema),
})

/**
 * Begins a sign-in at a provider. `redirectUri` must be one the administrator registered for it;
 * a loopback `http://127.0.0.1:<port>/callback` matches a registered `http://127.0.0.1/callback`
 * whatever the port (RFC 8252 §7.3). Answers the URL to open and the `state` the callback must
 * bring back (valid 10 minutes, once). OIDC: the authorization URL (code flow, PKCE S256, nonce).
 * CAS: `<server>/login?service=<redirectUri with ?state=…>`; that service URL, as the callback
 * received it minus `ticket`, is the `service` of /ssoLogin.
 */
export const ssoAuthorize = defineEndpoint({
  id: 'platform.sso.authorize',
  method: 'POST',
  area: 'platform',
  path: '/sso/authorize',
  access: 'public',
  input: z.object({ providerId: text(64), redirectUri: text(500) }),
  output: z.object({ url: z.string(), state: z.string() }),
})

/** OpenID Connect: the code the provider sent to `redirectUri`, with the state /sso/authorize gave. */
export const ssoCodeLogin = defineEndpoint({
  id: 'platform.ssoCodeLogin',
  method: 'POST',
  area: 'platform',
  path: '/ssoCodeLogin',
  access: 'public',
  session: 'issues',
  input: z.object({ code: text(4096), redirectUri: text(500), state: text(200) }),
  output: signedInSchema,
})

/**
 * CAS: the service ticket, the service it was issued for, and the CAS server to validate it at
 * (`validateUrl`: a configured server's URL, or its /serviceValidate or /p3/serviceValidate).
 */
export const ssoLogin = defineEndpoint({
  id: 'platform.ssoLogin',
  method: 'POST',
  area: 'platform',
  path: '/ssoLogin',
  access: 'public',
  session: 'issues',
  input: z.object({ ticket: text(4096), service: text(1000), validateUrl: text(500) }),
  output: signedInSchema,
})

/**
 * A trusted application's signed token (parameter `appsso`): `token` is the lower-case hex
 * HMAC-SHA256, keyed by the application's system-authentication secret, of `uid + "\n" +
 * timestamp`, where `timestamp` is the epoch in milliseconds as decimal digits. Accepted within
 * ±5 minutes of the hub's clock, once.
 */
export const ssoTokenLogin = defineEndpoint({
  id: 'platform.ssoTokenLogin',
  method: 'POST',
  area: 'platform',
  path: '/ssoTokenLogin',
  access: 'public',
  session: 'issues',
  input: z.object({ uid: text(200), timestamp: z.coerce.string().trim().regex(/^\d{1,16}$/, 'msg_field_invalid'), token: text(200) }),
  output: signedInSchema,
})
