import { ResultCode } from '../../shared/envelope'

/** Set for one reload: a language load that fails again right after it is only logged. */
const RELOAD_GUARD_KEY = 'dh.langReload'

/** The page reload, replaceable by tests (jsdom cannot navigate). */
export const page = { reload: (): void => location.reload() }

/**
 * Spec part 1 §8: "Failed language load clears stored state and reloads" — what is stored (the
 * caches of localCache.ts among it) may be what broke the load. Two cases only log: the hub not
 * reachable or the call cancelled (nothing stored is to blame, and a reload would loop while the
 * hub is down; the bundled texts are complete), and a second failure straight after such a reload.
 * Returns whether the page reloads.
 */
export function onLanguageLoadFailed(result: { code: string; message: string }): boolean {
  console.error(`[i18n] loading the hub's texts failed: ${result.code} ${result.message}`)
  if (result.code === ResultCode.hubUnreachable || result.code === ResultCode.cancelled) return false
  try {
    if (sessionStorage.getItem(RELOAD_GUARD_KEY)) return false
    sessionStorage.setItem(RELOAD_GUARD_KEY, '1')
    localStorage.clear()
  } catch {
    return false
  }
  page.reload()
  return true
}

/** The texts loaded: a later failure may reload again. */
export const languageLoaded = (): void => {
  try {
    sessionStorage.removeItem(RELOAD_GUARD_KEY)
  } catch {
    // Storage may be disabled.
  }
}
