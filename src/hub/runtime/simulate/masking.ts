/** What a secret shows as in a simulated request. */
export const MASK = '******'

/**
 * Header, query and SOAP header names whose values are credentials in practice: an operator may
 * type a token into a plain header row, and the simulation's answer is shown on screens and kept
 * in scripts' output, where no secret belongs.
 */
const SECRET_NAME = /(authorization|token|secret|password|passwd|pwd|api[-_]?key|cookie|credential|signature)/i

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name)

/** Headers as [name, value] pairs, in order, values of secret names masked (and `alsoMask`, the token's header). */
export function maskedHeaders(headers: Iterable<[string, string]>, alsoMask: readonly string[] = []): [string, string][] {
  const masked = new Set(alsoMask.map((n) => n.toLowerCase()))
  return [...headers].map(([name, value]) => [name, isSecretName(name) || masked.has(name.toLowerCase()) ? MASK : value])
}

/** The URL with the values of secret-named query parameters and any user info masked. */
export function maskedUrl(url: URL): string {
  const shown = new URL(url)
  if (shown.password) shown.password = MASK
  for (const key of new Set(shown.searchParams.keys())) if (isSecretName(key)) shown.searchParams.set(key, MASK)
  return shown.toString()
}
