/**
 * The one path a gateway request is matched with and forwarded with (issue 21, finding 6).
 *
 * A caller's path is decoded once and must then name plain segments: a route is chosen by what
 * the path means, and the target receives exactly that meaning. Anything that could change
 * meaning between the hub and the target is refused rather than resolved, because every party
 * on the way (the URL parser that builds the upstream request, a proxy, the target's own
 * router) may resolve it differently and land outside the route:
 * - dot segments ('.', '..'): WHATWG URL parsing folds them, so '/inner/public/../private'
 *   would be matched under /inner/public and fetched from /inner/private;
 * - encoded dots, slashes and backslashes (%2e, %2f, %5c in either case): '%2e%2e' is a dot
 *   segment to the URL parser, and '%2f' a separator to many servers;
 * - what is still encoded after one decoding ('%252e' → '%2e'): a target that decodes once more
 *   would see a dot segment;
 * - backslashes (a separator to some servers) and control characters (NUL truncates paths in
 *   some).
 * Empty segments ('//') are dropped: a route matches segment by segment and ignores them, so
 * the forwarded path does too; a trailing slash is kept, it can matter to the target.
 */

/** Dot, slash or backslash percent-encoded, in either case. */
const ENCODED_DOT_OR_SEPARATOR = /%(2e|2f|5c)/i
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/
/** RFC 3986 pchar less '%': what a segment may carry unencoded (anything else is encoded). */
const NOT_PCHAR = /[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu

export interface GatewayPath {
  /** Decoded, for matching against route patterns. */
  decoded: string
  /** The same segments percent-encoded, for the upstream request. */
  encoded: string
}

/** The normalised path, or null when the raw path (before '?') must be refused. */
export function normaliseGatewayPath(raw: string): GatewayPath | null {
  if (!raw.startsWith('/') || raw.includes('\\') || ENCODED_DOT_OR_SEPARATOR.test(raw)) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return null
  }
  if (ENCODED_DOT_OR_SEPARATOR.test(decoded) || CONTROL.test(decoded)) return null
  const all = decoded.split('/').slice(1)
  if (all.some((s) => s === '.' || s === '..')) return null
  const trailing = all.length > 1 && all[all.length - 1] === ''
  const segments = all.filter(Boolean)
  const join = (parts: string[]) => `/${parts.join('/')}${trailing && parts.length > 0 ? '/' : ''}`
  return { decoded: join(segments), encoded: join(segments.map((s) => s.replace(NOT_PCHAR, (c) => encodeURIComponent(c)))) }
}
