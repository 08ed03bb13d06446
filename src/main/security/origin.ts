/** The origin the production renderer is served from (custom protocol, see appProtocol.ts). */
export const APP_ORIGIN = 'app://console'

/**
 * `scheme://host[:port]` of a URL, or null. Node's URL gives the opaque origin "null" for
 * schemes it does not know (app:), so the origin is rebuilt from its parts.
 */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url)
    if (!u.host) return null
    return `${u.protocol}//${u.host}`.toLowerCase()
  } catch {
    return null
  }
}

export const isSameOrigin = (url: string, origin: string): boolean => {
  const a = originOf(url)
  return a !== null && a === originOf(origin)
}
