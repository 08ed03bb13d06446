import { z } from 'zod'
import { optionalText, statusRule, textRule } from './status'
import { chars } from '../patterns'

/** Spec part 2 §5: position code and name 1-20 Chinese, English or digits; sequence 0-99. */
export const POSITION_TEXT_MAX = 20
export const POSITION_TEXT_PATTERN = chars(['letters', 'digits', 'chinese'], 1)
export const SEQUENCE_MAX = 99
/** Spec: remarks under 200 characters. */
export const DESCRIPTION_MAX = 200

export const sequenceRule = z.coerce
  .number({ error: 'msg_position_sequence_rule' })
  .int('msg_position_sequence_rule')
  .min(0, 'msg_position_sequence_rule')
  .max(SEQUENCE_MAX, 'msg_position_sequence_rule')

export const positionRuleShape = {
  code: textRule({ max: POSITION_TEXT_MAX, required: 'msg_position_code_required', length: 'msg_position_code_rule', pattern: POSITION_TEXT_PATTERN }),
  name: textRule({ max: POSITION_TEXT_MAX, required: 'msg_position_name_required', length: 'msg_position_name_rule', pattern: POSITION_TEXT_PATTERN }),
  sequence: sequenceRule.default(0),
  description: optionalText(DESCRIPTION_MAX, 'msg_description_length'),
  /** Parent position id; '' for none. */
  parentId: z.string().trim().default(''),
  status: statusRule.default('1'),
}
export const positionFormSchema = z.object(positionRuleShape)
