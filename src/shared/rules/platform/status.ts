import { z } from 'zod'

/**
 * The general status of platform records (spec part 2 §4: "normal/abnormal"): '1' normal, '0'
 * abnormal, as the dictionary sys_role_status lists them. Users, roles, organisations and
 * positions share it, so one select and one rule serve all four.
 */
export const NORMAL = '1'
export const ABNORMAL = '0'
export const STATUSES = [NORMAL, ABNORMAL] as const
export const STATUS_DICTIONARY = 'sys_role_status'

export const statusRule = z.enum(STATUSES, { error: 'msg_status_required' })

/** Spec: a yes/no flag ('1' / '0', dictionary sys_yes_no). */
export const yesNoRule = z.enum(['1', '0'], { error: 'msg_flag_required' })

/** A required text: trimmed, `required` when empty, `length` outside min–max, `pattern` when it fails. */
export function textRule(o: { min?: number; max: number; required: string; length: string; pattern?: RegExp; patternKey?: string }) {
  let rule = z
    .string({ error: o.required })
    .trim()
    // abort: an empty value is "required", not also "too short" or "bad characters".
    .min(1, { error: o.required, abort: true })
    .min(o.min ?? 1, o.length)
    .max(o.max, o.length)
  if (o.pattern) rule = rule.regex(o.pattern, o.patternKey ?? o.length)
  return rule
}

/** An optional text up to `max` characters ('' when absent). */
export const optionalText = (max: number, key = 'msg_field_invalid') => z.string().trim().max(max, key).default('')

/** Lists of codes may arrive as an array (JSON body) or comma-joined text (query string). */
export const codeListRule = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : v.split(','))).map((s) => s.trim()).filter(Boolean))
