import type { VaultMode } from '../../shared/ipc'

/**
 * The session token of each hub profile, kept in the OS keychain (Keychain, Credential
 * Manager, Secret Service) through @napi-rs/keyring. When no keychain answers, the token is
 * kept in this process's memory for the current run only: never in a file, never in plain
 * text (conventions.md §4). The console tells the user (msg_keychain_unavailable).
 */
export interface TokenVault {
  /** Where tokens go now. It can drop from 'keychain' to 'memory' when the keychain fails later. */
  readonly mode: VaultMode
  get(profileId: string): Promise<string | null>
  set(profileId: string, token: string): Promise<void>
  clear(profileId: string): Promise<void>
}

/** The part of @napi-rs/keyring's `AsyncEntry` / `Entry` we use; sync or async both fit. */
export interface KeyringEntry {
  setPassword(password: string): Promise<void> | void
  getPassword(): Promise<string | null> | string | null
  deletePassword(): Promise<boolean> | boolean
}
export interface KeyringModule {
  AsyncEntry: new (service: string, account: string, options?: KeyringEntryOptions) => KeyringEntry
}
/** Linux only: pin the Secret Service instead of the library's automatic pick. */
export interface KeyringEntryOptions {
  linux?: { store?: 'secret-service' | 'keyutils' }
}

export interface TokenVaultOptions {
  /** Keychain service name; tests use a unique one per run. */
  service?: string
  /** Injected for tests; the real module is loaded lazily otherwise. */
  keyring?: KeyringModule
  entryOptions?: KeyringEntryOptions
  /** Told once when the vault falls back to memory (why, for the log; never the token). */
  onFallback?: (reason: string) => void
}

export const DEFAULT_VAULT_SERVICE = 'DataHub Console'
const PROBE_ACCOUNT = '__probe__'
const accountOf = (profileId: string) => `profile:${profileId}`

/**
 * Opens the vault: probes the keychain with a write/read/delete round trip, because on Linux
 * the library loads fine and only fails at the first D-Bus call (no Secret Service, locked
 * collection); finding out then would lose the user's session after sign-in.
 */
export async function createTokenVault(options: TokenVaultOptions = {}): Promise<TokenVault> {
  const service = options.service ?? DEFAULT_VAULT_SERVICE
  const entry = await openKeyring(options, service)
  const probeError = entry ? await probe(entry) : 'keyring module not loadable'
  const memory = new Map<string, string>()
  let mode: VaultMode = probeError ? 'memory' : 'keychain'
  if (probeError) options.onFallback?.(probeError)

  const fallBack = (err: unknown) => {
    if (mode === 'memory') return
    mode = 'memory'
    options.onFallback?.(describe(err))
  }

  return {
    get mode() {
      return mode
    },
    async get(profileId) {
      // Memory also serves as a cache in keychain mode: one D-Bus round trip per call is slow.
      const cached = memory.get(profileId)
      if (cached !== undefined || mode === 'memory' || !entry) return cached ?? null
      try {
        const token = await entry(accountOf(profileId)).getPassword()
        if (token) memory.set(profileId, token)
        return token ?? null
      } catch (err) {
        fallBack(err)
        return null
      }
    },
    async set(profileId, token) {
      memory.set(profileId, token)
      if (mode === 'memory' || !entry) return
      try {
        await entry(accountOf(profileId)).setPassword(token)
      } catch (err) {
        // Keep the session for this run rather than lose it; never write it elsewhere.
        fallBack(err)
      }
    },
    async clear(profileId) {
      memory.delete(profileId)
      if (mode === 'memory' || !entry) return
      try {
        await entry(accountOf(profileId)).deletePassword()
      } catch (err) {
        fallBack(err)
      }
    },
  }
}

type EntryFactory = (account: string) => KeyringEntry

async function openKeyring(options: TokenVaultOptions, service: string): Promise<EntryFactory | null> {
  try {
    const mod = options.keyring ?? ((await import('@napi-rs/keyring')) as unknown as KeyringModule)
    return (account) => new mod.AsyncEntry(service, account, options.entryOptions)
  } catch {
    return null
  }
}

async function probe(entry: EntryFactory): Promise<string | null> {
  const value = `probe-${Date.now()}`
  try {
    const e = entry(PROBE_ACCOUNT)
    await e.setPassword(value)
    const read = await e.getPassword()
    await e.deletePassword()
    return read === value ? null : 'keychain did not return what was written'
  } catch (err) {
    return describe(err)
  }
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err))
