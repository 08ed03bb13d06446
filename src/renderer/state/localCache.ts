/**
 * The console's local caches of the hub's reference data (spec part 2 §3: "i18n to syslang,
 * dictionaryData/all to sysdictionary, parameter/listAll to sysparams"; §9: storage version 2.9,
 * local cache expiry 31536000 s). Kept in localStorage, so they outlive a restart: the console
 * starts with its texts and dictionaries before the hub answers, and refetches a set only when
 * the hub's data-version header for it moved (reference.ts, versions.ts).
 *
 * An entry written by another storage version, past its expiry, or unreadable is no cache at all:
 * the set is loaded from the hub as on a first start. Clearing local storage (sign-out by
 * /logout2, code 4030, a failed route or language load) drops the caches with everything else.
 */

export const STORAGE_VERSION = '2.9'
export const CACHE_EXPIRY_SECONDS = 31536000

export const CACHE_NAMES = { lang: 'syslang', dict: 'sysdictionary', param: 'sysparams' } as const
export type CacheName = (typeof CACHE_NAMES)[keyof typeof CACHE_NAMES]

interface CacheEntry<T> {
  storageVersion: string
  /** Epoch milliseconds after which the entry is ignored. */
  expires: number
  /** The hub's data version the data was answered with. */
  version: string
  data: T
}

export interface Cached<T> {
  version: string
  data: T
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage disabled (a sandboxed page): no cache, the hub is asked as before.
    return null
  }
}

export function readCache<T>(name: CacheName, now = Date.now()): Cached<T> | null {
  try {
    const text = storage()?.getItem(name)
    if (!text) return null
    const entry = JSON.parse(text) as Partial<CacheEntry<T>>
    if (entry.storageVersion !== STORAGE_VERSION || typeof entry.expires !== 'number' || entry.expires <= now) return null
    if (typeof entry.version !== 'string' || entry.version === '' || entry.data === undefined) return null
    return { version: entry.version, data: entry.data }
  } catch {
    return null
  }
}

/**
 * Remember `data` as answered with data version `version`. Without a version there is nothing to
 * tell a later start whether the data is still current, so nothing is kept.
 */
export function writeCache<T>(name: CacheName, version: string | undefined, data: T, now = Date.now()): void {
  if (!version) return
  const entry: CacheEntry<T> = { storageVersion: STORAGE_VERSION, expires: now + CACHE_EXPIRY_SECONDS * 1000, version, data }
  try {
    storage()?.setItem(name, JSON.stringify(entry))
  } catch (e) {
    // Quota or disabled storage: the console works from the hub, only the next start is slower.
    console.warn(`[cache] ${name} not kept`, e)
  }
}
