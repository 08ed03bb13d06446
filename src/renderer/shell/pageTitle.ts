import type { TFunction } from 'i18next'
import type { MenuItem } from '../../shared/contract/platform/startup'
import { menuName } from '../routing/menuRoutes'

/** Titles of the hidden routes (no menu item names them): i18n keys by route name. */
const HIDDEN_ROUTE_TITLES: Readonly<Record<string, string>> = { RoleResAuthList: 'shell:route_role_auth' }

/** A hidden route's title: its text by route name, else the route's own name. */
export const hiddenRouteTitle = (routeName: string, t: TFunction): string => {
  const key = HIDDEN_ROUTE_TITLES[routeName]
  return key ? t(key) : routeName
}

/**
 * The title of the page a route opens, as the breadcrumbs' last crumb names it: the menu item's
 * name, or for a hidden route (menuRoutes.ts#buildHiddenRoutes gives its item the id `router:<id>`
 * and the route's name) the hidden route's title.
 */
export const routeTitle = (item: MenuItem, t: TFunction, locale: string): string =>
  item.id.startsWith('router:') ? hiddenRouteTitle(item.menuNameZh, t) : menuName(item, locale)
