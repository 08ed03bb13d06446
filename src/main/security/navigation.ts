import { isSameOrigin } from './origin'

/**
 * What to do when the page tries to go somewhere:
 * - 'allow': a route of the console itself (same origin);
 * - 'external': an http(s) link (help pages, a hub's web UI) — opened in the OS browser, never here;
 * - 'deny': anything else (file:, javascript:, data:, custom schemes).
 */
export type NavigationDecision = 'allow' | 'external' | 'deny'

export function navigationDecision(url: string, appOrigin: string): NavigationDecision {
  if (isSameOrigin(url, appOrigin)) return 'allow'
  return isWebUrl(url) ? 'external' : 'deny'
}

/**
 * window.open / target=_blank: never a new Electron window (it would need its own guards);
 * web links go to the OS browser.
 */
export function windowOpenDecision(url: string): { action: 'deny'; openExternally: boolean } {
  return { action: 'deny', openExternally: isWebUrl(url) }
}

function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}
