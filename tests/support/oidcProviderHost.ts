import { Worker } from 'node:worker_threads'

/**
 * A real OpenID Connect provider for tests: `oidc-provider` (the certified Node implementation)
 * on a loopback port, with the given clients and accounts, code flow with PKCE required, and no
 * pages: the interaction step signs in the account the authorization request names by
 * `login_hint` and consents to what the client asked (oidcProviderWorker.mjs). It runs in a
 * worker thread so that its clock can differ from the test's (`clockOffsetSeconds`).
 *
 * `authorize(url, account)` plays the browser: it follows the authorization URL a hub made,
 * with the provider's cookies, until the redirect to the client's redirect URI, and answers the
 * code and state found there (or the error the provider sent).
 */
export interface OidcClient {
  clientId: string
  clientSecret: string
  /** A loopback `http://127.0.0.1:<port>/callback` also allows any other port (native client). */
  redirectUris: string[]
}

export interface OidcAccount {
  sub: string
  preferred_username?: string
  name?: string
  email?: string
  email_verified?: boolean
  employee_number?: string
}

export interface OidcProviderOptions {
  clients: OidcClient[]
  accounts: OidcAccount[]
  /** Lifetime of the ID tokens it issues (default an hour). */
  idTokenTtlSeconds?: number
  /** The provider's clock is this far ahead (negative: behind) of the real one. */
  clockOffsetSeconds?: number
}

export interface Callback {
  /** The URL the provider redirected the browser to. */
  url: URL
  code: string | null
  state: string | null
  error: string | null
}

export interface OidcProvider {
  issuer: string
  authorize(authorizationUrl: string, account: string): Promise<Callback>
  close(): Promise<void>
}

/**
 * Starts the provider from its worker file (oidcProviderWorker.mjs). Tests call
 * `startOidcProvider` (oidcProvider.ts), which names the file by `import.meta.url`; the
 * end-to-end tests, which Playwright loads as CommonJS, name it by `__dirname`.
 */
export async function startOidcProviderFrom(workerFile: string | URL, options: OidcProviderOptions): Promise<OidcProvider> {
  const worker = new Worker(workerFile, { workerData: options })
  const issuer = await new Promise<string>((resolve, reject) => {
    worker.once('message', (m: { issuer: string }) => resolve(m.issuer))
    worker.once('error', reject)
  })
  const redirectOrigins = options.clients.flatMap((c) => c.redirectUris.map((u) => new URL(u)))
  const isCallback = (url: URL) => url.origin !== new URL(issuer).origin && redirectOrigins.some((r) => r.hostname === url.hostname && r.pathname === url.pathname)

  async function authorize(authorizationUrl: string, account: string): Promise<Callback> {
    const cookies = new Map<string, string>()
    let url = new URL(authorizationUrl)
    url.searchParams.set('login_hint', account)
    for (let hop = 0; hop < 20; hop++) {
      const answer = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } })
      for (const line of answer.headers.getSetCookie()) {
        const [pair] = line.split(';')
        const at = pair!.indexOf('=')
        cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim())
      }
      const location = answer.headers.get('location')
      if (!location) throw new Error(`the provider answered ${answer.status} without a redirect: ${(await answer.text()).slice(0, 500)}`)
      await answer.arrayBuffer()
      url = new URL(location, url)
      if (isCallback(url)) return { url, code: url.searchParams.get('code'), state: url.searchParams.get('state'), error: url.searchParams.get('error') }
    }
    throw new Error('too many redirects at the provider')
  }

  return {
    issuer,
    authorize,
    close: async () => {
      const closed = new Promise<void>((ok) => worker.once('message', () => ok()))
      worker.postMessage('close')
      await closed
      await worker.terminate()
    },
  }
}
