import { z } from 'zod'
import { optionalText, statusRule, textRule } from './status'
import { chars, classOf } from '../patterns'

/** Spec part 2 §5: role code 1-20 English letters; role name 1-20 English or Chinese. */
export const ROLE_CODE_MAX = 20
export const ROLE_NAME_MAX = 20
export const ROLE_CODE_PATTERN = chars(['letters'], 1)
/** English or Chinese; single spaces between words are allowed ("Data operator"), our reading. */
const WORD = classOf(['letters', 'chinese'])
export const ROLE_NAME_PATTERN = new RegExp(`^[${WORD}]+( [${WORD}]+)*$`)

export const roleCodeRule = textRule({ max: ROLE_CODE_MAX, required: 'msg_role_code_required', length: 'msg_role_code_rule', pattern: ROLE_CODE_PATTERN })
export const roleNameRule = textRule({ max: ROLE_NAME_MAX, required: 'msg_role_name_required', length: 'msg_role_name_rule', pattern: ROLE_NAME_PATTERN })

export const roleRuleShape = {
  roleCode: roleCodeRule,
  roleName: roleNameRule,
  /** Spec label "type"; values not shown, free text up to 20. */
  roleType: optionalText(20),
  status: statusRule.default('1'),
}
export const roleFormSchema = z.object(roleRuleShape)
