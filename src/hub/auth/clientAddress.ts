import { isIPv6 } from 'node:net'

/**
 * The address a sign-in counts against (src/hub/auth/lockout.ts). An IPv4 address as it is
 * (also when Node reports it IPv4-mapped, ::ffff:a.b.c.d); an IPv6 address by its /64 prefix,
 * because one subscriber usually holds a whole /64 and could otherwise take a fresh address
 * for every five guesses.
 */
export function clientAddress(ip: string | undefined): string {
  const address = (ip ?? '').trim().toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (mapped) return mapped[1]!
  if (!isIPv6(address)) return address
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`
}

/** The eight groups of an IPv6 address, '::' filled in, without a zone ('%eth0'). */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.split('::') as [string, string | undefined]
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; only the first four matter here anyway.
  const width = right.some((g) => g.includes('.')) || left.some((g) => g.includes('.')) ? 7 : 8
  const missing = tail === undefined ? 0 : width - left.length - right.length
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => (g.includes('.') ? g : String(parseInt(g, 16).toString(16))))
}
