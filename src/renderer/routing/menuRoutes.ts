import type { ClientRouter, MenuItem } from '../../shared/contract/platform/startup'
import { normalizeMenuPath } from '../../shared/rules/platform/menu'

/** Route metadata (spec: a JSON string on the menu item, keepAlive false by default). */
export interface RouteMeta {
  keepAlive: boolean
  [key: string]: unknown
}

export interface MenuRoute {
  id: string
  /** Absolute, with a leading slash. */
  path: string
  item: MenuItem
  meta: RouteMeta
  /** Page registry folder: the application code, platform pages under 'common'. */
  folder: string
  /** Page key inside the folder, normalised (see pageKey). */
  page: string | null
}

export function parseRouteMeta(metaData: string | null | undefined): RouteMeta {
  if (!metaData) return { keepAlive: false }
  try {
    const parsed: unknown = JSON.parse(metaData)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const meta = parsed as Record<string, unknown>
      return { ...meta, keepAlive: meta.keepAlive === true }
    }
  } catch {
    // A malformed metaData string is the menu editor's mistake, not a reason to lose the page.
  }
  return { keepAlive: false }
}

/** Application codes whose pages live in the platform's own folder (spec: "platform pages under common"). */
const PLATFORM_APPS = new Set(['', 'common', 'platform', 'pf', 'system'])
export const folderFor = (appCode: string | null | undefined): string => {
  const code = (appCode ?? '').trim().toLowerCase()
  return PLATFORM_APPS.has(code) ? 'common' : code
}

/** 'views/system/user/index.vue' → 'system/user': menu data may carry the original's file paths. */
export const pageKey = (component: string | null | undefined): string | null => {
  if (!component) return null
  const key = component
    .trim()
    .replace(/^@?\/?(views\/)?/, '')
    .replace(/\.(vue|tsx?|jsx?)$/, '')
    .replace(/\/index$/, '')
    .replace(/^\/+|\/+$/g, '')
  return key || null
}

/** Shared with the hub, which answers which page a path is (platform.menu.pageAccess). */
export const normalizePath = normalizeMenuPath

/**
 * Menu tree → routes: every item with a client path becomes one route (catalogs with a path
 * too); the first item wins when two share a path. Throws when the data is not a menu tree, which
 * the caller treats as the spec's route build failure.
 */
export function buildMenuRoutes(menus: readonly MenuItem[]): MenuRoute[] {
  if (!Array.isArray(menus)) throw new TypeError('menu list is not an array')
  const routes: MenuRoute[] = []
  const seen = new Set<string>()
  const visit = (items: readonly MenuItem[]): void => {
    for (const item of items) {
      if (!item || typeof item !== 'object' || typeof item.id !== 'string') throw new TypeError('malformed menu item')
      const raw = item.clientRouter?.path
      if (raw) {
        const path = normalizePath(raw)
        if (!seen.has(path.toLowerCase())) {
          seen.add(path.toLowerCase())
          routes.push({ id: item.id, path, item, meta: parseRouteMeta(item.metaData), folder: folderFor(item.appCode), page: pageKey(item.component) })
        }
      }
      if (item.children?.length) visit(item.children)
    }
  }
  visit(menus)
  return routes
}

/**
 * Client routes no menu item shows (spec: the role permission screen is the route
 * RoleResAuthList, which has no menu entry). Such a route belongs to the menu page whose path
 * contains it (/platform/role/auth under /platform/role), so it is routed only for users who see
 * that page: a hidden route must not open a page its user's menu withholds. The route carries a
 * menu item made from the router (its name as title, its metaData).
 */
export function buildHiddenRoutes(routers: readonly ClientRouter[], menuRoutes: readonly MenuRoute[]): MenuRoute[] {
  const taken = new Set(menuRoutes.map((r) => r.path.toLowerCase()))
  const parents = menuRoutes.filter((r) => r.path !== '/').map((r) => `${r.path.toLowerCase()}/`)
  const routes: MenuRoute[] = []
  for (const router of routers) {
    const path = normalizePath(router.path)
    const key = path.toLowerCase()
    if (taken.has(key) || !parents.some((p) => key.startsWith(p))) continue
    taken.add(key)
    const item: MenuItem = {
      id: `router:${router.id}`,
      parentId: null,
      menuNameZh: router.name,
      menuNameEn: router.name,
      icon: null,
      permission: null,
      weight: 0,
      type: 'menu',
      appCode: router.appCode,
      component: router.component,
      metaData: router.metaData,
      params: null,
      clientRouter: { path },
      children: [],
    }
    routes.push({ id: item.id, path, item, meta: parseRouteMeta(router.metaData), folder: folderFor(router.appCode), page: pageKey(router.component) })
  }
  return routes
}

/** The chain of menu items from the root to the item of `pathname` (breadcrumbs); [] if none. */
export function menuChain(menus: readonly MenuItem[], pathname: string): MenuItem[] {
  const target = normalizePath(pathname).toLowerCase()
  const walk = (items: readonly MenuItem[], trail: MenuItem[]): MenuItem[] | null => {
    for (const item of items) {
      const next = [...trail, item]
      if (item.clientRouter?.path && normalizePath(item.clientRouter.path).toLowerCase() === target) return next
      const found = item.children?.length ? walk(item.children, next) : null
      if (found) return found
    }
    return null
  }
  return walk(menus, []) ?? []
}

/** The menu's name in the current language (Chinese unless English is chosen). */
export const menuName = (item: Pick<MenuItem, 'menuNameZh' | 'menuNameEn'>, locale: string): string =>
  (locale === 'en' ? item.menuNameEn || item.menuNameZh : item.menuNameZh || item.menuNameEn) ?? ''
