import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'
import { menuFormSchema, menuRuleShape } from '../../../rules/platform/menu'
import { idInput } from './common'
import { MENU_PERMISSION } from './permissions'

/** A menu item as the menu administration edits it (spec part 2 §3 menu labels). */
export interface MenuRecord {
  id: string
  parentId: string
  menuNameZh: string
  menuNameEn: string
  href: string
  icon: string
  permission: string
  weight: number
  type: 'catalog' | 'menu'
  appCode: string
  routerName: string
  params: string
  children: MenuRecord[]
}
export const menuRecordSchema: z.ZodType<MenuRecord> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    menuNameZh: z.string(),
    menuNameEn: z.string(),
    href: z.string(),
    icon: z.string(),
    permission: z.string(),
    weight: z.number(),
    type: z.enum(['catalog', 'menu']),
    appCode: z.string(),
    routerName: z.string(),
    params: z.string(),
    children: z.array(menuRecordSchema),
  }),
)

const base = { area: 'platform', access: 'session', permission: MENU_PERMISSION } as const

/**
 * Menu administration. The spec lists only GET /menu/list (the signed-in user's tree); the
 * editing calls are ours, beside it: the whole tree, one item, create, update, delete. A page
 * item's href and router name become its client route.
 */
export const menuListAll = defineEndpoint({ ...base, id: 'platform.menu.listAll', method: 'GET', path: '/menu/listAll', input: z.object({}).optional(), output: z.array(menuRecordSchema) })
export const menuDetail = defineEndpoint({ ...base, id: 'platform.menu.detail', method: 'GET', path: '/menu/detail/{id}', input: idInput, output: menuRecordSchema })
export const menuCreate = defineEndpoint({ ...base, id: 'platform.menu.create', method: 'POST', path: '/menu/create', input: menuFormSchema, output: menuRecordSchema })
export const menuUpdate = defineEndpoint({
  ...base,
  id: 'platform.menu.update',
  method: 'POST',
  path: '/menu/update',
  input: z.object(menuRuleShape).extend({ id: z.string().min(1) }).refine((m) => m.type === 'catalog' || m.href !== '', { path: ['href'], message: 'msg_menu_href_required' }).refine((m) => m.type === 'catalog' || m.routerName !== '', { path: ['routerName'], message: 'msg_menu_router_required' }),
  output: menuRecordSchema,
})
/** Deleting an item deletes the items below it (spec catalogue: "deleting a node deletes its children"). */
export const menuDelete = defineEndpoint({ ...base, id: 'platform.menu.delete', method: 'POST', path: '/menu/delete', input: idInput, output: z.null() })

export const menuEndpoints = {
  [menuListAll.id]: menuListAll,
  [menuDetail.id]: menuDetail,
  [menuCreate.id]: menuCreate,
  [menuUpdate.id]: menuUpdate,
  [menuDelete.id]: menuDelete,
}
