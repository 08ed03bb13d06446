import { startOidcProviderFrom, type OidcProvider, type OidcProviderOptions } from './oidcProviderHost'

export type { Callback, OidcAccount, OidcClient, OidcProvider, OidcProviderOptions } from './oidcProviderHost'

/**
 * A real OpenID Connect provider on loopback (oidcProviderHost.ts says what it does). This file
 * only names the worker by `import.meta.url`, which an ES module has; the end-to-end tests,
 * loaded as CommonJS, call `startOidcProviderFrom` with a path of their own.
 */
export const startOidcProvider = (options: OidcProviderOptions): Promise<OidcProvider> => startOidcProviderFrom(new URL('./oidcProviderWorker.mjs', import.meta.url), options)
