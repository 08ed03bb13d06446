// The OpenID Connect provider of tests/support/oidcProvider.ts, in a worker thread: its own
// clock (workerData.clockOffsetSeconds shifts Date.now here only, so a provider whose clock is
// behind can issue ID tokens that are already expired) and its own event loop. Plain ESM: a
// worker runs without the test's TypeScript loader.
import { generateKeyPairSync } from 'node:crypto'
import { createServer } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'
import Provider from 'oidc-provider'

const { clients, accounts, idTokenTtlSeconds, clockOffsetSeconds } = workerData
if (clockOffsetSeconds) {
  const realNow = Date.now
  Date.now = () => realNow() + clockOffsetSeconds * 1000
}

const server = createServer()
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const issuer = `http://127.0.0.1:${server.address().port}`
const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })

const provider = new Provider(issuer, {
  clients: clients.map((c) => ({
    client_id: c.clientId,
    client_secret: c.clientSecret,
    redirect_uris: c.redirectUris,
    // native: a loopback redirect may come on any port (RFC 8252 §7.3), as the desktop's does.
    application_type: 'native',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  })),
  findAccount: (_ctx, sub) => {
    const account = accounts.find((a) => a.sub === sub)
    return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined
  },
  claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'employee_number'], email: ['email', 'email_verified'] },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  pkce: { required: () => true },
  ttl: { IdToken: idTokenTtlSeconds ?? 3600, AuthorizationCode: 600, AccessToken: 3600, Session: 3600, Interaction: 600, Grant: 3600 },
  jwks: { keys: [{ ...signingKey, kid: 'test', alg: 'RS256', use: 'sig' }] },
  cookies: { keys: ['oidc-test-cookie-key'] },
})
const handle = provider.callback()

/**
 * The interaction step without pages: the account is the authorization request's login_hint
 * (the test names who signs in), its login accepted at once, its consent granted for what the
 * client asked.
 */
async function interaction(req, res) {
  try {
    const { prompt, params, session } = await provider.interactionDetails(req, res)
    if (prompt.name === 'login') {
      return await provider.interactionFinished(req, res, { login: { accountId: String(params.login_hint ?? '') } }, { mergeWithLastSubmission: false })
    }
    const grant = new provider.Grant({ accountId: session.accountId, clientId: params.client_id })
    grant.addOIDCScope(String(params.scope))
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true })
  } catch (err) {
    res.statusCode = 500
    res.end(String(err))
  }
}

server.on('request', (req, res) => (req.url?.startsWith('/interaction/') ? void interaction(req, res) : handle(req, res)))
parentPort.on('message', (m) => {
  if (m === 'close') server.close(() => parentPort.postMessage('closed'))
})
parentPort.postMessage({ issuer })
