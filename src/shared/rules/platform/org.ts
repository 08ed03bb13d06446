import { z } from 'zod'
import { optionalText, statusRule, textRule } from './status'

/**
 * Organisation fields (spec part 2 §3: code, name, type, city, sort, person in charge, parent).
 * The spec gives no code or name rule: code 1-50 letters, digits, underscore, dot, hyphen (an
 * identifier other records point to); name 1-50 (our choice). Sort: "tree sort 2-digit
 * positive integer", read as 0-99.
 */
export const ORG_CODE_MAX = 50
export const ORG_NAME_MAX = 50
export const ORG_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/
export const ORG_SORT_MAX = 99

export const orgRuleShape = {
  orgCode: textRule({ max: ORG_CODE_MAX, required: 'msg_org_code_required', length: 'msg_org_code_rule', pattern: ORG_CODE_PATTERN }),
  orgName: textRule({ max: ORG_NAME_MAX, required: 'msg_org_name_required', length: 'msg_org_name_rule' }),
  /** Dictionary pf_org_type. */
  orgType: optionalText(20),
  city: optionalText(50),
  sort: z.coerce.number({ error: 'msg_org_sort_rule' }).int('msg_org_sort_rule').min(0, 'msg_org_sort_rule').max(ORG_SORT_MAX, 'msg_org_sort_rule').default(0),
  /** Person in charge: a user id, '' for none. */
  managerId: z.string().trim().default(''),
  /** Parent organisation id, '' for a root. */
  parentId: z.string().trim().default(''),
  status: statusRule.default('1'),
}
export const orgFormSchema = z.object(orgRuleShape)
