import { z } from 'zod'

/**
 * The pattern library (spec part 1 §5: "ip, url, domain, integer, phone, email, positive integer,
 * ip with port, length-bounded character classes (default 0-9999)"). Every form and the hub check
 * these shapes with the definitions here, so the console never accepts what the hub refuses (or
 * the reverse); tests/architecture/patternLibrary.test.ts fails when a copy is written elsewhere.
 *
 * The spec names the patterns without giving them. Where a well-tested one exists (zod's, used by
 * its `z.ipv4()`, `z.email()`), it is taken as is rather than written again.
 */

/** IPv4 in dotted form, each part 0-255 without leading zeros. */
export const IP = z.regexes.ipv4
/** IPv6 in any of its written forms (zod's pattern). */
export const IPV6 = z.regexes.ipv6
/** A TCP port 1-65535 (no leading zeros), as a pattern part. */
const PORT = '(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3})'
/** An IPv4 address with its port, e.g. 10.0.0.1:8080. */
export const IP_WITH_PORT = new RegExp(`^${IP.source.slice(1, -1)}:${PORT}$`)

/**
 * A DNS name: labels of letters, digits and hyphens (not at a label's ends), dot-separated, at
 * most 253 characters. One label is enough: a LAN host such as `mail` is a domain here.
 */
export const DOMAIN = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/

/** An absolute http(s) address with a host and no white space. */
export const URL_PATTERN = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i

/** Spec part 2 §5: contact phone 7-20 digits. */
export const PHONE = /^\d{7,20}$/
/** An email address (zod's pattern: a dotted local part, a domain with a letter TLD). */
export const EMAIL = z.regexes.email
/** Spec: an address is at most 254 characters (RFC 5321's path limit). */
export const EMAIL_MAX = 254

/** A whole number, optionally negative, of 1 to `maxDigits` digits. */
export const integer = (maxDigits = 10): RegExp => new RegExp(`^-?\\d{1,${maxDigits}}$`)
/**
 * A positive integer of up to `maxDigits` digits, first digit 1-9 (spec part 1 §5: "positive
 * integer up to 11 digits (first digit 1-9)", the default).
 */
export const positiveInteger = (maxDigits = 11): RegExp => new RegExp(`^[1-9]\\d{0,${maxDigits - 1}}$`)
export const INTEGER = integer()
export const POSITIVE_INTEGER = positiveInteger()

/** The same pattern, or nothing: an optional field left empty. */
export const orEmpty = (pattern: RegExp): RegExp => new RegExp(`^(?:${pattern.source.replace(/^\^/, '').replace(/\$$/, '')})?$`, pattern.flags)

/** Character classes the length-bounded patterns are made of. */
export const CHARS = {
  letters: 'A-Za-z',
  digits: '0-9',
  /** CJK unified ideographs: the spec's "Chinese". */
  chinese: '\\u4e00-\\u9fff',
  space: ' ',
  underscore: '_',
} as const
export type CharClass = keyof typeof CHARS

/** The class text of several classes, for a pattern that needs more than a run (e.g. words). */
export const classOf = (classes: readonly CharClass[]): string => classes.map((c) => CHARS[c]).join('')

/**
 * A run of `min` to `max` characters of the given classes (spec: "length-bounded character
 * classes (default 0-9999)"), e.g. `chars(['letters', 'digits', 'chinese'], 1, 50)`.
 */
export const chars = (classes: readonly CharClass[], min = 0, max = 9999): RegExp => new RegExp(`^[${classOf(classes)}]{${min},${max}}$`)

/** IPv4 or IPv6. */
export const isIp = (v: string): boolean => IP.test(v) || IPV6.test(v)
/** An IP address or a CIDR range, v4 or v6 (an IP whitelist's entry). */
export const isIpOrRange = (v: string): boolean => isIp(v) || z.regexes.cidrv4.test(v) || z.regexes.cidrv6.test(v)
/** A server's host: a domain or an IP address. */
export const isHost = (v: string): boolean => DOMAIN.test(v) || isIp(v)
export const isEmail = (v: string): boolean => v.length <= EMAIL_MAX && EMAIL.test(v)

const parsedHttpUrl = z.url({ protocol: /^https?$/, hostname: /^.+$/ })
/**
 * A http(s) address that also parses as a URL and carries no user info: one the hub sends a
 * token or a request to (user info would leak into logs). Shared has no URL global: zod parses.
 */
export const isHttpUrl = (v: string): boolean => URL_PATTERN.test(v) && parsedHttpUrl.safeParse(v).success && !/^https?:\/\/[^/]*@/i.test(v)
