/** An address as shown to the user (in a message, a warning): without user name and password. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url)
    u.username = ''
    u.password = ''
    return u.href
  } catch {
    return url.slice(0, 200)
  }
}
