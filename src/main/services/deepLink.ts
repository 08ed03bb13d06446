/**
 * The desktop deep link (issue 19): approval mails may carry `datahub-console://approve?token=…`,
 * which the OS hands to this app (registered with setAsDefaultProtocolClient) — as the argument
 * of a new start on Windows and Linux (the running instance gets it through 'second-instance'),
 * or through 'open-url' on macOS. The link opens the console's own unsigned approval page on that
 * one task; nothing else is reachable this way (any other link is ignored).
 */
export const DEEP_LINK_SCHEME = 'datahub-console'

/** The console route a deep link opens. */
export interface DeepLinkTarget {
  /** The renderer's history-mode path with its query (public route: no sign-in needed). */
  path: string
}

/** The unsigned approval page of the console (spec: /approveDetail reachable without sign-in). */
export const APPROVAL_ROUTE = '/approveDetail'
/** What a token may look like: the hub's signed tokens are URL-safe base64 with dots; long enough, never huge. */
const TOKEN = /^[A-Za-z0-9._~-]{16,2000}$/

/**
 * The target of a deep link, or null for anything that is not one of ours: another scheme, an
 * action other than approve, a missing or malformed token. `approve` is accepted as the host
 * (`datahub-console://approve?token=`) or the path (`datahub-console:approve?token=`,
 * `datahub-console:///approve?token=`) — OSes and mail clients write it differently.
 */
export function parseDeepLink(raw: string): DeepLinkTarget | null {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null
  const action = (url.hostname || url.pathname.replace(/^\/+/, '')).replace(/\/+$/, '').toLowerCase()
  if (action !== 'approve') return null
  const token = url.searchParams.get('token') ?? ''
  if (!TOKEN.test(token)) return null
  return { path: `${APPROVAL_ROUTE}?${new URLSearchParams({ token }).toString()}` }
}

/** The deep link among a start's arguments (Windows and Linux pass it as one of them), if any. */
export function deepLinkIn(argv: readonly string[]): DeepLinkTarget | null {
  for (const arg of argv) {
    if (!arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) continue
    const target = parseDeepLink(arg)
    if (target) return target
  }
  return null
}

/**
 * The arguments setAsDefaultProtocolClient needs: none for a packaged app; in development
 * (`electron .`, process.defaultApp) the executable is Electron itself, so the OS must be told to
 * start it with the app's entry script, or the link would open a bare Electron.
 */
export function protocolClientArgs(p: { defaultApp: boolean; execPath: string; argv: readonly string[]; resolve: (p: string) => string }): [string, string, string[]] | [string] {
  if (!p.defaultApp) return [DEEP_LINK_SCHEME]
  const entry = p.argv[1]
  return entry ? [DEEP_LINK_SCHEME, p.execPath, [p.resolve(entry)]] : [DEEP_LINK_SCHEME]
}

export interface DeepLinkRouter {
  /** A link (or a start's arguments) arrived; true when it was one of ours. */
  receive(from: string | readonly string[]): boolean
  /** The path the window opens on: a link that came before the window, else null (the console's start). Taken once. */
  takePending(): string | null
  /** The window is there: links from now on are shown in it at once. */
  ready(show: (path: string) => void): void
}

/**
 * Where links go as they come: before the window exists (a start by the link itself, or macOS's
 * open-url before ready) the newest is kept for the window's first page; afterwards each is
 * shown in the running console (brought to front, then routed there).
 */
export function createDeepLinkRouter(): DeepLinkRouter {
  let pending: DeepLinkTarget | null = null
  let show: ((path: string) => void) | null = null
  return {
    receive(from) {
      const target = typeof from === 'string' ? parseDeepLink(from) : deepLinkIn(from)
      if (!target) return false
      if (show) show(target.path)
      else pending = target
      return true
    },
    takePending() {
      const path = pending?.path ?? null
      pending = null
      return path
    },
    ready(next) {
      show = next
    },
  }
}
