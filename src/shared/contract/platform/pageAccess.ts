import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'

/** A menu's names, as the menu editor keeps them. */
const menuNames = z.object({ menuNameZh: z.string(), menuNameEn: z.string() })

/**
 * Why a signed-in user's console has no route for a path (issue 24): the user's menu tree
 * (platform.menu.list) leaves out the pages they may not open, so the console alone cannot tell
 * "no such page" from "a page you may not open". For a path that is a page of the full menu
 * (or a hidden client route under one) which the user's permissions withhold, the answer names
 * the page and the permission missing: its code and the menu that carries it (the page itself,
 * or a section above it). Null for a path that is no page, and for one the user may open.
 * Not in the spec: designed so the catch-all page can say which permission to ask for.
 */
export const pageAccess = defineEndpoint({
  id: 'platform.menu.pageAccess',
  method: 'GET',
  area: 'platform',
  path: '/menu/pageAccess',
  access: 'session',
  input: z.object({ path: z.string().trim().min(1).max(500) }),
  output: z
    .object({
      page: menuNames,
      permission: menuNames.extend({ code: z.string() }),
    })
    .nullable(),
})
export type PageAccess = NonNullable<z.output<typeof pageAccess.output>>
