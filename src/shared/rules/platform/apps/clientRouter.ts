import { z } from 'zod'
import { MENU_HREF_PATTERN, ROUTER_NAME_PATTERN } from '../menu'
import { optionalMatching } from './common'
import { textRule } from '../status'

/**
 * Client routers (spec part 2 §2: "route metadata is a JSON string, falling back to keepAlive
 * false"). The name is the route name menus refer to (unique), the path the console address,
 * the component the page key (the name when empty), the application code the registry folder.
 */
export const DEFAULT_ROUTER_META = JSON.stringify({ keepAlive: false })
export const APP_CODE_PATTERN = /^[A-Za-z0-9_]+$/
export const META_MAX = 2000

/** '' (then the default) or a JSON object. */
export function isMetaJson(text: string): boolean {
  if (text === '') return true
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === 'object' && v !== null && !Array.isArray(v)
  } catch {
    return false
  }
}

export const clientRouterRuleShape = {
  name: textRule({ max: 100, required: 'msg_apps_router_name_required', length: 'msg_apps_router_name_rule', pattern: ROUTER_NAME_PATTERN }),
  path: textRule({ max: 200, required: 'msg_apps_router_path_required', length: 'msg_apps_router_path_rule', pattern: MENU_HREF_PATTERN }),
  component: optionalMatching(ROUTER_NAME_PATTERN, 'msg_apps_router_component_rule', 100),
  appCode: optionalMatching(APP_CODE_PATTERN, 'msg_apps_router_app_rule', 50),
  metaData: z.string().trim().max(META_MAX, 'msg_apps_router_meta_rule').refine(isMetaJson, 'msg_apps_router_meta_rule').default(''),
}
export const clientRouterFormSchema = z.object(clientRouterRuleShape)
