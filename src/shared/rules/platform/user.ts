import { z } from 'zod'
import { optionalText, statusRule, textRule, yesNoRule } from './status'
import { chars, EMAIL, PHONE } from '../patterns'

/** Spec part 2 §5: username 5-20 half-width English letters or digits. */
export const USERNAME_MIN = 5
export const USERNAME_MAX = 20
export const USERNAME_PATTERN = chars(['letters', 'digits'], 1)
/** Spec §5: contact phone 7-20 digits; an email address (the pattern library's). */
export const PHONE_PATTERN = PHONE
export const EMAIL_PATTERN = EMAIL

/**
 * Issue 17: the employee number identity providers may map a user by (users.employee_no);
 * '' for none. Kept as typed (trimmed only): the match compares it exactly.
 */
export const EMPLOYEE_NO_MAX = 64

export const usernameRule = textRule({ min: USERNAME_MIN, max: USERNAME_MAX, required: 'msg_username_required', length: 'msg_username_rule', pattern: USERNAME_PATTERN })

/** Empty, or a value matching `pattern`. */
const optionalMatching = (pattern: RegExp, key: string, max: number) =>
  z.string().trim().max(max, key).refine((v) => v === '' || pattern.test(v), key).default('')

/** '' or a yyyy-MM-dd date. */
const optionalDate = (key: string) => z.string().trim().refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), key).default('')

/** Lists of ids the form sends (organisations, positions). */
const idList = z.array(z.string().min(1)).max(200, 'msg_field_invalid').default([])

export const employeeRuleShape = {
  username: usernameRule,
  nickName: textRule({ max: 50, required: 'msg_nickname_required', length: 'msg_nickname_rule' }),
  /** Dictionary sys_user_sex. */
  gender: optionalText(10),
  email: optionalMatching(EMAIL_PATTERN, 'msg_email_rule', 100),
  mobile: optionalMatching(PHONE_PATTERN, 'msg_phone_rule', 20),
  phone: optionalMatching(PHONE_PATTERN, 'msg_phone_rule', 20),
  employeeNo: optionalText(EMPLOYEE_NO_MAX, 'msg_employee_no_rule'),
  /** Dictionary pf_employee_type. */
  employeeType: optionalText(20),
  canLogin: yesNoRule.default('1'),
  status: statusRule.default('1'),
  orgIds: idList,
  positionIds: idList,
  /** Spec label "proxy user with start and end time": who acts for this user, and when. */
  proxyUserId: z.string().trim().default(''),
  proxyStart: optionalDate('msg_date_rule'),
  proxyEnd: optionalDate('msg_date_rule'),
}

/**
 * Spec §5 (date-time range): the start must not be after the end; a proxy user needs both
 * dates. Messages sit on the end date, as the range picker shows them.
 */
export function checkProxy(v: { proxyUserId: string; proxyStart: string; proxyEnd: string }, ctx: z.RefinementCtx): void {
  if (v.proxyUserId && (!v.proxyStart || !v.proxyEnd)) ctx.addIssue({ code: 'custom', path: ['proxyEnd'], message: 'msg_proxy_dates_required' })
  else if (v.proxyStart && v.proxyEnd && v.proxyStart > v.proxyEnd) ctx.addIssue({ code: 'custom', path: ['proxyEnd'], message: 'msg_date_range_order' })
}
export const employeeFormSchema = z.object(employeeRuleShape).superRefine(checkProxy)
