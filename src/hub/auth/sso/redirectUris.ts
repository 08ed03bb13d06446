/**
 * Whether a redirect URI is one the administrator registered. Exact match, except that a
 * loopback IP redirect (`http://127.0.0.1:<port>/…` or `http://[::1]:<port>/…`) matches the
 * registered one whatever its port: a native app listens on a port the system gives it at the
 * time of the request (RFC 8252 §7.3). Only IP literals count as loopback, never `localhost`
 * (§8.3: a name can be resolved elsewhere). Query and fragment must match as registered (none
 * is expected on a registered loopback URI).
 */
export function redirectUriAllowed(registered: readonly string[], given: string): boolean {
  const asked = parse(given)
  if (!asked) return false
  return registered.some((r) => {
    const known = parse(r)
    if (!known) return false
    if (isLoopback(known) && isLoopback(asked)) {
      return known.protocol === 'http:' && asked.protocol === 'http:' && known.hostname === asked.hostname && known.pathname === asked.pathname && known.search === asked.search
    }
    return known.href === asked.href
  })
}

/** The URL, or null when it is not one or carries a fragment (RFC 6749 §3.1.2: none allowed). */
const parse = (text: string): URL | null => {
  try {
    const url = new URL(text.trim())
    return url.hash ? null : url
  } catch {
    return null
  }
}

const isLoopback = (url: URL): boolean => url.hostname === '127.0.0.1' || url.hostname === '[::1]'

/** The URI without its query: a CAS service URL carries `state` (and the callback adds `ticket`). */
export function withoutQuery(text: string): string {
  const url = parse(text)
  if (!url) return text
  url.search = ''
  return url.href
}
