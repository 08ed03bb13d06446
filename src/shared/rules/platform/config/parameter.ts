import { z } from 'zod'
import { textRule } from '../status'
import { THEME_COLOR_PATTERN } from '../../theme'
import { ownValue } from '../../../ownKey'
import { positiveInteger } from '../../patterns'

/** Spec part 2 §5: parameter key 1-20 with dots; our reading: letters or digits, dots between parts. */
export const PARAM_KEY_MAX = 20
export const PARAM_KEY_PATTERN = /^[A-Za-z0-9]+(\.[A-Za-z0-9]+)*$/
export const PARAM_NAME_MAX = 50
export const PARAM_VALUE_MAX = 500
export const PARAM_APP_MAX = 50

/**
 * The keys the console itself reads (spec §3). Their values are checked, because a bad one
 * would break every console at once (an unreadable theme colour, an unknown language), and
 * they cannot be deleted or renamed (the hub seeds them back on the next start anyway).
 */
export const BUILTIN_PARAMETERS: Record<string, RegExp> = {
  'theme.color': THEME_COLOR_PATTERN,
  // 皮肤管理's platform default mode.
  'theme.mode': /^(system|light|dark)$/,
  // A language code; the hub also wants it used and active, and makes it the default language.
  'lang.locale': /^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/,
  'error.log': /^[01]$/,
  'user.link.model': /^[12]$/,
  sso: /^[01]$/,
  appsso: /^[01]$/,
  // Whole days, 1 to 99999 (src/hub/logs/purge.ts).
  'audit.keepDays': positiveInteger(5),
  'log.keepDays': positiveInteger(5),
}
export const isBuiltinParameter = (key: string): boolean => Object.hasOwn(BUILTIN_PARAMETERS, key)

const shape = {
  parameterKey: textRule({ max: PARAM_KEY_MAX, required: 'msg_param_key_required', length: 'msg_param_key_rule', pattern: PARAM_KEY_PATTERN }),
  parameterName: textRule({ max: PARAM_NAME_MAX, required: 'msg_param_name_required', length: 'msg_param_name_rule' }),
  parameterValue: z.string({ error: 'msg_param_value_required' }).trim().max(PARAM_VALUE_MAX, 'msg_param_value_rule'),
  /** Spec label "application": the application code it belongs to; the platform's is 'common'. */
  appCode: textRule({ max: PARAM_APP_MAX, required: 'msg_param_app_required', length: 'msg_param_app_rule' }),
}

/** A built-in key's value must have its form (message under parameterValue). */
const builtinValue = (p: { parameterKey: string; parameterValue: string }, ctx: z.RefinementCtx) => {
  const form = ownValue(BUILTIN_PARAMETERS, p.parameterKey)
  if (form && !form.test(p.parameterValue)) ctx.addIssue({ code: 'custom', path: ['parameterValue'], message: 'msg_param_value_invalid' })
}

export const parameterRuleShape = shape
export const parameterFormSchema = z.object(shape).superRefine(builtinValue)
export const parameterUpdateSchema = z.object({ ...shape, id: z.string().trim().min(1) }).superRefine(builtinValue)
