import { z } from 'zod'
import { INTEGER } from '../../patterns'

/**
 * Rules the messaging forms share (spec part 2 §5: "Port 1-5 digits"; "phone, email, URL, IP
 * and host formats are checked"). Messages are keys of the `messages` namespace, prefixed by
 * area (msg_email_…, msg_channel_…, msg_sysauth_…, msg_pfauth_…) so they never collide.
 */

/** '1' yes / on, '0' no / off (dictionary sys_yes_no). */
export const YES = '1'
export const NO = '0'
export const yesNo = (key: string) => z.enum([YES, NO], { error: key })

/** A server's host (domain or IP), an IP whitelist's entry: the pattern library's. */
export { isHost, isIpOrRange } from '../../patterns'

/** Spec: port 1-5 digits; a TCP port is also at most 65535 and never 0. Text in, number out. */
export const portRule = z
  .union([z.string(), z.number()], { error: 'msg_email_port_rule' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, 'msg_email_port_rule')
  .transform(Number)

/** An email address as the console and the hub accept it (the pattern library's). */
export { isEmail as isMailAddress } from '../../patterns'

/**
 * A whole number given as text or number within [min, max]; '' gives `empty` (or fails with
 * `key` when `empty` is undefined). Numbers travel as text from forms and query strings.
 */
export function wholeNumber(o: { min: number; max: number; key: string; empty?: number }) {
  return z
    .union([z.string(), z.number()], { error: o.key })
    .transform((v) => String(v).trim())
    .refine((v) => (v === '' ? o.empty !== undefined : INTEGER.test(v) && Number(v) >= o.min && Number(v) <= o.max), o.key)
    .transform((v) => (v === '' ? (o.empty as number) : Number(v)))
}
