import type { Kysely } from 'kysely'
import type { MenuRecord } from '../../shared/contract/platform/admin/menus'
import type { MenuItem } from '../../shared/contract/platform/startup'
import { newId } from '../store/ids'
import { rowsOf } from '../store/repository'
import type { HubDatabase, MenusTable } from '../store/schema'
import { DEFAULT_META_DATA } from '../store/seed/menus'
import { menuNotFound } from './admin/refusals'

/** A menu item as the start-up tree and the permission checks read it (no children yet). */
export type MenuRow = Omit<MenuItem, 'children'>

type Db = Kysely<HubDatabase>

/** Every menu row with the path of the client route it opens. */
const withRouterPath = (db: Db) =>
  db
    .selectFrom('menus')
    .leftJoin('client_routers', 'client_routers.id', 'menus.client_router_id')
    .select([
      'menus.id',
      'menus.parent_id',
      'menus.menu_name_zh',
      'menus.menu_name_en',
      'menus.icon',
      'menus.permission',
      'menus.weight',
      'menus.type',
      'menus.app_code',
      'menus.component',
      'menus.meta_data',
      'menus.params',
      'client_routers.path',
    ])

/** The values a menu save writes (the id, meta data and creation stamp are the repository's). */
export type MenuValues = Omit<MenusTable, 'id' | 'meta_data' | 'created_at'>

/** The client route a menu page opens: its router name, at this path, of this application. */
export interface PageRouter {
  name: string
  path: string
  appCode: string
}

const rows = rowsOf<HubDatabase>()({ table: 'menus', notFound: menuNotFound })

/** Menu items and the client routes (the console's pages) they open. */
export const menuRepository = {
  ...rows,

  /** Every item, as the start-up tree and the permission checks read them. */
  async treeRows(db: Db): Promise<MenuRow[]> {
    return (await withRouterPath(db).execute()).map((r) => ({
      id: r.id,
      parentId: r.parent_id,
      menuNameZh: r.menu_name_zh,
      menuNameEn: r.menu_name_en,
      icon: r.icon,
      permission: r.permission,
      weight: Number(r.weight),
      type: r.type,
      appCode: r.app_code,
      component: r.component,
      metaData: r.meta_data,
      params: r.params,
      clientRouter: r.path === null ? null : { path: r.path },
    }))
  },

  /** Every item as the editor sees it (flat, no children), by weight then id. */
  async records(db: Db): Promise<MenuRecord[]> {
    const found = await withRouterPath(db).orderBy('menus.weight').orderBy('menus.id').execute()
    return found.map((r) => ({
      id: r.id,
      parentId: r.parent_id ?? '',
      menuNameZh: r.menu_name_zh,
      menuNameEn: r.menu_name_en,
      href: r.path ?? '',
      icon: r.icon ?? '',
      permission: r.permission ?? '',
      weight: Number(r.weight),
      type: r.type,
      appCode: r.app_code,
      routerName: r.component ?? '',
      params: r.params ?? '',
      children: [],
    }))
  },

  /** Whether the item with this id is a catalog or a page (a menu); undefined when there is none. */
  typeOf: async (db: Db, id: string) => (await db.selectFrom('menus').select('type').where('id', '=', id).executeTakeFirst())?.type,

  /** What the save's checks need of every item: where it hangs and the page it opens. */
  outline: (db: Db) => db.selectFrom('menus').select(['id', 'parent_id', 'component']).execute(),

  /** The id of the client route named `router.name`, written at its path (made when there is none). */
  async savePageRouter(db: Db, router: PageRouter, at: string): Promise<string> {
    const existing = await db.selectFrom('client_routers').select('id').where('name', '=', router.name).executeTakeFirst()
    const id = existing?.id ?? newId()
    const values = { path: router.path, component: router.name, app_code: router.appCode, updated_at: at }
    if (existing) await db.updateTable('client_routers').set(values).where('id', '=', id).execute()
    else await db.insertInto('client_routers').values({ id, name: router.name, meta_data: DEFAULT_META_DATA, created_at: at, ...values }).execute()
    return id
  },

  /** Adds an item with the default meta data, made when it was last updated; its id. */
  async create(db: Db, values: MenuValues): Promise<string> {
    const id = newId()
    await rows.insert(db, { id, ...values, meta_data: DEFAULT_META_DATA, created_at: values.updated_at })
    return id
  },
}
