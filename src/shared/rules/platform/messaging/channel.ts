import { z } from 'zod'
import { optionalText, textRule } from '../status'
import { isIpOrRange, NO, wholeNumber, yesNo } from './common'

/**
 * Message channels (spec part 2 §3: code, name, type, default flag, load limit per day, IP
 * whitelist, system secret, secret expire time, old-secret valid minutes, retry number and
 * interval; §5: code 3-50 letters, digits, underscore; name 3-50; retry number and interval
 * positive non-zero integers; load limit an integer, empty or -1 meaning no limit).
 *
 * The channel types are the message centre's (§1: email, SMS, push). The secret callers of the
 * channel sign with is typed by the administrator, stored encrypted (a signature is checked
 * with the plain value), and never answered. Changing it keeps the old one valid for the
 * old-secret minutes, so callers can switch over without failing.
 */
export const CHANNEL_TYPES = ['email', 'sms', 'push'] as const
export const UNLIMITED = -1
export const LIMIT_MAX = 999_999_999
/** A week: a rotation that needs longer is a new secret, not a grace period. */
export const OLD_SECRET_MINUTES_MAX = 10_080
export const RETRY_MAX = 999_999_999
export const WHITELIST_MAX = 100
const SECRET = /^[\x21-\x7e]{8,64}$/
const DAY = /^\d{4}-\d{2}-\d{2}$/

const isDay = (v: string): boolean => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)

/** Entries one per line, or separated by commas, semicolons or spaces; an array as is. */
export const splitList = (v: string | readonly string[]): string[] =>
  (typeof v === 'string' ? v.split(/[\s,;]+/) : [...v]).map((s) => s.trim()).filter(Boolean)

export const channelRuleShape = {
  code: textRule({ min: 3, max: 50, required: 'msg_channel_code_required', length: 'msg_channel_code_rule', pattern: /^\w+$/ }),
  name: textRule({ min: 3, max: 50, required: 'msg_channel_name_required', length: 'msg_channel_name_rule' }),
  channelType: z.enum(CHANNEL_TYPES, { error: 'msg_channel_type_required' }),
  isDefault: yesNo('msg_flag_required').default(NO),
  loadLimit: wholeNumber({ min: UNLIMITED, max: LIMIT_MAX, key: 'msg_channel_load_limit_rule', empty: UNLIMITED }).default(UNLIMITED),
  ipWhitelist: z
    .union([z.string(), z.array(z.string())], { error: 'msg_channel_ip_rule' })
    .default('')
    .transform(splitList)
    .refine((l) => l.length <= WHITELIST_MAX, 'msg_channel_ip_count_rule')
    .refine((l) => l.every(isIpOrRange), 'msg_channel_ip_rule'),
  /** Write-only; on update '' keeps the stored secret. */
  secret: z.string().default('').refine((v) => v === '' || SECRET.test(v), 'msg_channel_secret_rule'),
  /** yyyy-MM-dd; '' never expires. */
  secretExpireTime: z.string().trim().default('').refine((v) => v === '' || isDay(v), 'msg_channel_expire_rule'),
  oldSecretValidMinutes: wholeNumber({ min: 0, max: OLD_SECRET_MINUTES_MAX, key: 'msg_channel_old_secret_rule', empty: 0 }).default(0),
  retryNum: wholeNumber({ min: 1, max: RETRY_MAX, key: 'msg_channel_retry_num_rule' }),
  /** Seconds between tries. */
  retryInterval: wholeNumber({ min: 1, max: RETRY_MAX, key: 'msg_channel_retry_interval_rule' }),
  remark: optionalText(255, 'msg_remark_length'),
}
export const channelFormSchema = z.object(channelRuleShape)
