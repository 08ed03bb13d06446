import { z } from 'zod'
import { textRule } from '../status'

/**
 * Spec part 2 §5: language code 5-35. Codes of new languages are BCP 47 tags ('ja-JP',
 * 'zh-Hant-TW'): letters and digits in parts joined by '-' or '_'. The two seeded wire codes
 * 'cn' and 'en' predate the rule and are kept as they are (they are never re-entered).
 */
export const LANG_CODE_MIN = 5
export const LANG_CODE_MAX = 35
export const LANG_CODE_PATTERN = /^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})+$/
export const LANG_NAME_MAX = 30

export const langTypeRuleShape = {
  code: textRule({ min: LANG_CODE_MIN, max: LANG_CODE_MAX, required: 'msg_lang_code_required', length: 'msg_lang_code_rule', pattern: LANG_CODE_PATTERN }),
  name: textRule({ max: LANG_NAME_MAX, required: 'msg_lang_name_required', length: 'msg_lang_name_rule' }),
  nameEn: textRule({ max: LANG_NAME_MAX, required: 'msg_lang_name_required', length: 'msg_lang_name_rule' }),
}

/**
 * An i18n text: a key as the console's i18next reads it ('namespace:key'; without a namespace
 * it belongs to the hub's messages), the language it is for, and the text.
 */
export const I18N_KEY_MAX = 100
export const I18N_KEY_PATTERN = /^[A-Za-z0-9_.:-]+$/
export const I18N_VALUE_MAX = 2000

export const i18nRuleShape = {
  langCode: z.string({ error: 'msg_i18n_lang_required' }).trim().min(1, 'msg_i18n_lang_required'),
  messageKey: textRule({ max: I18N_KEY_MAX, required: 'msg_i18n_key_required', length: 'msg_i18n_key_rule', pattern: I18N_KEY_PATTERN }),
  // Not trimmed: leading or trailing spaces of a text may be meant.
  messageValue: z.string({ error: 'msg_i18n_value_required' }).min(1, 'msg_i18n_value_required').max(I18N_VALUE_MAX, 'msg_i18n_value_rule'),
}
