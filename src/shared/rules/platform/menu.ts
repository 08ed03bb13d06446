import { z } from 'zod'
import { optionalText, textRule } from './status'

/**
 * Menu fields (spec part 2 §3: names zh/en, href, icon, permission mark, weight, type, parent,
 * router name, parameters). Lengths are ours: names 1-50, href an absolute client path, the
 * permission mark and router name identifiers, weight 0-9999, parameters a JSON text.
 */
export const MENU_TYPES = ['catalog', 'menu'] as const
export const MENU_HREF_PATTERN = /^\/[A-Za-z0-9/_.-]*$/
export const PERMISSION_PATTERN = /^[A-Za-z0-9:_.-]+$/
export const ROUTER_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/

const optionalMatching = (pattern: RegExp, key: string, max: number) =>
  z.string().trim().max(max, key).refine((v) => v === '' || pattern.test(v), key).default('')

export const menuRuleShape = {
  menuNameZh: textRule({ max: 50, required: 'msg_menu_name_required', length: 'msg_menu_name_rule' }),
  menuNameEn: textRule({ max: 50, required: 'msg_menu_name_required', length: 'msg_menu_name_rule' }),
  href: optionalMatching(MENU_HREF_PATTERN, 'msg_menu_href_rule', 200),
  icon: optionalText(100),
  permission: optionalMatching(PERMISSION_PATTERN, 'msg_menu_permission_rule', 100),
  weight: z.coerce.number({ error: 'msg_menu_weight_rule' }).int('msg_menu_weight_rule').min(0, 'msg_menu_weight_rule').max(9999, 'msg_menu_weight_rule').default(0),
  type: z.enum(MENU_TYPES, { error: 'msg_menu_type_required' }).default('menu'),
  parentId: z.string().trim().default(''),
  /** Application code: the page registry folder ('common' for platform pages). */
  appCode: optionalText(50),
  routerName: optionalMatching(ROUTER_NAME_PATTERN, 'msg_menu_router_rule', 100),
  params: z
    .string()
    .trim()
    .max(1000, 'msg_menu_params_rule')
    .refine((v) => {
      if (v === '') return true
      try {
        JSON.parse(v)
        return true
      } catch {
        return false
      }
    }, 'msg_menu_params_rule')
    .default(''),
}
export const menuFormSchema = z
  .object(menuRuleShape)
  // A page needs a path and a router name to open; a catalog only groups.
  .refine((m) => m.type === 'catalog' || m.href !== '', { path: ['href'], message: 'msg_menu_href_required' })
  .refine((m) => m.type === 'catalog' || m.routerName !== '', { path: ['routerName'], message: 'msg_menu_router_required' })

/**
 * A client path as the console routes it: one leading slash, none trailing ('/' for the root).
 * The console and the hub compare such paths case-insensitively.
 */
export const normalizeMenuPath = (path: string): string => {
  const p = `/${path.trim().replace(/^\/+/, '')}`.replace(/\/+$/, '')
  return p === '' ? '/' : p
}
