import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'

const none = z.object({}).optional()

// The licence schemas and getLicese live with the other licence calls; re-exported for the start-up set.
export { getLicese, licenceSchema, licenceStateSchema, type Licence } from './licence'

export const initData = defineEndpoint({
  id: 'platform.firstpage.getInitData',
  method: 'GET',
  area: 'platform',
  path: '/firstpage/getInitData',
  access: 'session',
  input: none,
  output: z.object({
    productName: z.string(),
    productNameEn: z.string(),
    hubVersion: z.string(),
    /** Spec: company usage info. */
    themeSwitch: z.string(),
    usageInformation: z.string(),
  }),
})

export const myPermissions = defineEndpoint({
  id: 'platform.permission.myPermission.listAll',
  method: 'GET',
  area: 'platform',
  path: '/permission/myPermission/listAll',
  access: 'session',
  input: none,
  output: z.array(z.string()),
})

export const portal = defineEndpoint({
  id: 'platform.portal.get',
  method: 'GET',
  area: 'platform',
  path: '/portal/get',
  access: 'session',
  input: none,
  output: z.object({ title: z.string(), titleEn: z.string(), homePath: z.string() }),
})

export interface MenuItem {
  id: string
  parentId: string | null
  menuNameZh: string
  menuNameEn: string
  icon: string | null
  /** Permission mark: the code a user's roles need to see the item. */
  permission: string | null
  weight: number
  /** 'catalog' groups items; 'menu' opens a page. */
  type: 'catalog' | 'menu'
  appCode: string
  component: string | null
  /** Route metadata as a JSON string (spec); defaults to keepAlive false. */
  metaData: string
  params: string | null
  clientRouter: { path: string } | null
  children: MenuItem[]
}
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    menuNameZh: z.string(),
    menuNameEn: z.string(),
    icon: z.string().nullable(),
    permission: z.string().nullable(),
    weight: z.number(),
    type: z.enum(['catalog', 'menu']),
    appCode: z.string(),
    component: z.string().nullable(),
    metaData: z.string(),
    params: z.string().nullable(),
    clientRouter: z.object({ path: z.string() }).nullable(),
    children: z.array(menuItemSchema),
  }),
)

export const menuList = defineEndpoint({
  id: 'platform.menu.list',
  method: 'GET',
  area: 'platform',
  path: '/menu/list',
  access: 'session',
  input: none,
  output: z.array(menuItemSchema),
})

export const i18nMessages = defineEndpoint({
  id: 'platform.i18n',
  method: 'GET',
  area: 'platform',
  path: '/i18n',
  access: 'public',
  input: none,
  output: z.object({
    /** Wire language code → flat `namespace:key` → text. Merged over the bundled texts. */
    messages: z.record(z.string(), z.record(z.string(), z.string())),
    langSwitch: z.string(),
  }),
})

export const dictionaryEntrySchema = z.object({
  dictType: z.string(),
  dictValue: z.string(),
  dictLabelCn: z.string(),
  dictLabelEn: z.string(),
  status: z.string(),
  sort: z.number(),
})
export type DictionaryEntry = z.infer<typeof dictionaryEntrySchema>

export const dictionaryAll = defineEndpoint({
  id: 'platform.dictionaryData.all',
  method: 'GET',
  area: 'platform',
  path: '/dictionaryData/all',
  access: 'session',
  input: none,
  // Only status-1 entries: these feed the selects.
  output: z.array(dictionaryEntrySchema),
})

export const parameterSchema = z.object({ parameterKey: z.string(), parameterValue: z.string() })
export type Parameter = z.infer<typeof parameterSchema>

export const parameterListAll = defineEndpoint({
  id: 'platform.parameter.listAll',
  method: 'GET',
  area: 'platform',
  path: '/parameter/listAll',
  // The login page already needs theme.color and lang.locale.
  access: 'public',
  input: none,
  output: z.array(parameterSchema),
})

export const langTypeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  isDefault: z.boolean(),
  status: z.string(),
})
export const langTypeQueryUsed = defineEndpoint({
  id: 'platform.langType.queryUsed',
  method: 'GET',
  area: 'platform',
  path: '/langType/queryUsed',
  access: 'public',
  input: none,
  output: z.array(langTypeSchema),
})

export const clientRouterSchema = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  component: z.string(),
  appCode: z.string(),
  metaData: z.string(),
})
export type ClientRouter = z.infer<typeof clientRouterSchema>
export const clientRouterListAll = defineEndpoint({
  id: 'platform.client.router.listAll',
  method: 'GET',
  area: 'platform',
  path: '/client/router/listAll',
  access: 'session',
  input: none,
  output: z.array(clientRouterSchema),
})

/**
 * User-behaviour and client-error events. The spec's client error-log entry (type, info, err,
 * vm, user, url, time) travels the same way with type 'error'.
 */
export const behaviourEventSchema = z.object({
  type: z.string().min(1).max(32),
  info: z.string().max(2000).optional(),
  err: z.string().max(8000).optional(),
  vm: z.string().max(200).optional(),
  url: z.string().max(2000).optional(),
  time: z.string().max(40),
})
export type BehaviourEvent = z.infer<typeof behaviourEventSchema>
export const BEHAVIOUR_BATCH = 20

export const pushData = defineEndpoint({
  id: 'platform.pfAcData.pushData',
  method: 'POST',
  area: 'platform',
  path: '/pfAcData/pushData',
  access: 'session',
  input: z.array(behaviourEventSchema).max(100),
  output: z.null(),
})

export const health = defineEndpoint({
  id: 'hub.health',
  method: 'GET',
  area: 'hub',
  path: '/health',
  access: 'public',
  input: none,
  output: z.object({ version: z.string(), store: z.enum(['sqlite', 'postgres']), uptimeSeconds: z.number() }),
})
