import type { MenuItem } from '../../../shared/contract/platform/startup'
import { buildMenuRoutes, type MenuRoute } from '../../routing/menuRoutes'

/**
 * The pages a user can mark and open: the menu routes of pages (not catalogues) the user's menu
 * tree holds. A favourite whose page left the user's menu (permission taken away, page deleted)
 * has no route here, and the favourites page says it cannot be opened.
 */
export function menuPages(menus: readonly MenuItem[]): MenuRoute[] {
  try {
    return buildMenuRoutes(menus).filter((r) => r.item.type === 'menu')
  } catch {
    // A malformed tree is the shell's failure to report (ShellRoutes); here it means no pages.
    return []
  }
}
