import { z } from 'zod'
import { EMAIL_PATTERN, PHONE_PATTERN } from '../user'
import { appCodeRule, codeRule, ENABLED, enabledRule, nameRule, optionalMatching } from './common'

/** Spec part 1 §9: dictionary pf_application_type ('0' internal, '1' external). */
export const APPLICATION_TYPE_DICTIONARY = 'pf_application_type'
/** A client route path: absolute, URL-safe characters. */
export const ROUTE_PATH_PATTERN = /^\/[A-Za-z0-9/_.-]*$/

/**
 * Spec part 2 §3/§5: application code (3-50 letters or digits, locked once created, unique),
 * name (3-50 letters, digits or Chinese), type, stakeholder with phone (7-20 digits) and email,
 * route path, status.
 */
export const applicationRuleShape = {
  code: codeRule('msg_apps_app_code_required', 'msg_apps_app_code_rule'),
  name: nameRule('msg_apps_app_name_required', 'msg_apps_app_name_rule'),
  appType: z.string({ error: 'msg_apps_app_type_required' }).trim().min(1, 'msg_apps_app_type_required').max(20, 'msg_apps_app_type_required'),
  stakeholder: z.string().trim().max(50, 'msg_apps_stakeholder_rule').default(''),
  stakeholderPhone: optionalMatching(PHONE_PATTERN, 'msg_phone_rule', 20),
  stakeholderEmail: optionalMatching(EMAIL_PATTERN, 'msg_email_rule', 100),
  routePath: optionalMatching(ROUTE_PATH_PATTERN, 'msg_apps_route_path_rule', 200),
  status: enabledRule.default(ENABLED),
}
export const applicationFormSchema = z.object(applicationRuleShape)

/** Spec: module code and name like an application's, the code unique within its application. */
export const moduleRuleShape = {
  appCode: appCodeRule,
  code: codeRule('msg_apps_module_code_required', 'msg_apps_module_code_rule'),
  name: nameRule('msg_apps_module_name_required', 'msg_apps_module_name_rule'),
  status: enabledRule.default(ENABLED),
}
export const moduleFormSchema = z.object(moduleRuleShape)
