import { z } from 'zod'
import { textRule } from '../status'
import { appCodeRule, CODE_MAX, CODE_MIN, codeRule, ENABLED, enabledRule } from './common'

/** Spec part 2 §5: API code 3-50 letters, digits and colon ('user:list'). */
export const API_CODE_PATTERN = /^[A-Za-z0-9:]+$/
export const API_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const
export type ApiMethod = (typeof API_METHODS)[number]
/** An endpoint is a path from the application's root: '/', then URL-safe characters and {params}. */
export const ENDPOINT_PATTERN = /^\/[A-Za-z0-9/_.{}:-]*$/
export const ENDPOINT_MAX = 500
/** Names of APIs and groups: free text (the spec gives no rule), 1-50 characters. */
export const LABEL_MAX = 50

/** Spec §3: API code, name, method, endpoint, group; and the application it belongs to. */
export const apiRuleShape = {
  appCode: appCodeRule,
  code: textRule({ min: CODE_MIN, max: CODE_MAX, required: 'msg_apps_api_code_required', length: 'msg_apps_api_code_rule', pattern: API_CODE_PATTERN }),
  name: textRule({ max: LABEL_MAX, required: 'msg_apps_api_name_required', length: 'msg_apps_api_name_rule' }),
  method: z.enum(API_METHODS, { error: 'msg_apps_api_method_required' }),
  endpoint: textRule({ max: ENDPOINT_MAX, required: 'msg_apps_api_endpoint_required', length: 'msg_apps_api_endpoint_rule', pattern: ENDPOINT_PATTERN }),
  /** The group's id; '' for an API outside any group. */
  groupId: z.string().trim().max(64).default(''),
  status: enabledRule.default(ENABLED),
}
export const apiFormSchema = z.object(apiRuleShape)

/** Groups: a code like an application's and a name, both per application. */
export const apiGroupRuleShape = {
  appCode: appCodeRule,
  code: codeRule('msg_apps_group_code_required', 'msg_apps_group_code_rule'),
  name: textRule({ max: LABEL_MAX, required: 'msg_apps_group_name_required', length: 'msg_apps_group_name_rule' }),
}
export const apiGroupFormSchema = z.object(apiGroupRuleShape)
