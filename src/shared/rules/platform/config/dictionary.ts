import { z } from 'zod'
import { optionalText, statusRule, textRule } from '../status'

/** Spec part 2 §5: dictionary type 5-25 English letters and underscore; name 1-12; value 1-20. */
export const DICT_TYPE_MIN = 5
export const DICT_TYPE_MAX = 25
export const DICT_TYPE_PATTERN = /^[A-Za-z_]+$/
export const DICT_NAME_MAX = 12
export const DICT_VALUE_MAX = 20
/** Spec: remarks "under 200 characters". */
export const DICT_REMARKS_MAX = 199
/** Not shown in the spec: labels up to 50 characters, our choice (they fill one select option). */
export const DICT_LABEL_MAX = 50
export const DICT_SORT_MAX = 9999
/**
 * Spec label "level" without values: the display level of an entry (how a tag of it is
 * coloured), chosen from the levels a Fluent badge has; '' for none.
 */
export const DICT_LEVELS = ['', 'brand', 'success', 'warning', 'danger', 'informative'] as const

export const dictTypeRule = textRule({ min: DICT_TYPE_MIN, max: DICT_TYPE_MAX, required: 'msg_dict_type_required', length: 'msg_dict_type_rule', pattern: DICT_TYPE_PATTERN })
const remarksRule = optionalText(DICT_REMARKS_MAX, 'msg_dict_remarks_rule')

/**
 * A dictionary type. On update the type itself is only compared (it cannot change: entries
 * refer to it), so types seeded before this rule (longer than 25) stay editable.
 */
export const dictionaryTypeRuleShape = {
  dictType: dictTypeRule,
  dictName: textRule({ max: DICT_NAME_MAX, required: 'msg_dict_name_required', length: 'msg_dict_name_rule' }),
  remarks: remarksRule,
  status: statusRule.default('1'),
}
export const dictionaryTypeUpdateShape = {
  ...dictionaryTypeRuleShape,
  dictType: z.string().trim().min(1, 'msg_dict_type_required'),
}

export const dictionaryDataRuleShape = {
  /** An existing type (not re-checked against the 5-25 rule: seeded types may be longer). */
  dictType: z.string({ error: 'msg_dict_type_required' }).trim().min(1, 'msg_dict_type_required'),
  dictValue: textRule({ max: DICT_VALUE_MAX, required: 'msg_dict_value_required', length: 'msg_dict_value_rule' }),
  dictLabelCn: textRule({ max: DICT_LABEL_MAX, required: 'msg_dict_label_cn_required', length: 'msg_dict_label_rule' }),
  /** Optional: the console shows the Chinese label when the English one is empty. */
  dictLabelEn: optionalText(DICT_LABEL_MAX, 'msg_dict_label_rule'),
  level: z.enum(DICT_LEVELS, { error: 'msg_dict_level_rule' }).default(''),
  sort: z.coerce.number({ error: 'msg_dict_sort_rule' }).int('msg_dict_sort_rule').min(0, 'msg_dict_sort_rule').max(DICT_SORT_MAX, 'msg_dict_sort_rule').default(0),
  status: statusRule.default('1'),
  remarks: remarksRule,
}
