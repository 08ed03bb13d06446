import { z } from 'zod'
import { defineEndpoint } from '../../../endpoint'

/**
 * A favourite: one menu page the signed-in user marked (spec part 2 §1 "favourites"; the
 * calls are not shown, so designed here). Each user has their own list; no permission code
 * beyond the session, since every user has a user centre.
 */
export const favouriteSchema = z.object({
  id: z.string(),
  menuId: z.string(),
  menuName: z.string(),
  menuNameEn: z.string(),
  /** The menu's route name (component), what the console opens. */
  component: z.string(),
  icon: z.string(),
  createdDate: z.string(),
})
export type Favourite = z.infer<typeof favouriteSchema>

const base = { area: 'platform', access: 'session' } as const
const id = z.string().trim().min(1, 'msg_field_required').max(64)

/** The user's favourites, newest first. */
export const favouriteList = defineEndpoint({ ...base, id: 'platform.favourite.list', method: 'GET', path: '/favourite/list', input: z.object({}).optional(), output: z.array(favouriteSchema) })
/** Marks a menu page; the same page twice is refused ('4090', the catalogue's favourite duplicate). */
export const favouriteCreate = defineEndpoint({ ...base, id: 'platform.favourite.create', method: 'POST', path: '/favourite/create', input: z.object({ menuId: id }), output: favouriteSchema })
export const favouriteDelete = defineEndpoint({ ...base, id: 'platform.favourite.delete', method: 'POST', path: '/favourite/delete', input: z.object({ id }), output: z.null() })

export const favouriteEndpoints = {
  [favouriteList.id]: favouriteList,
  [favouriteCreate.id]: favouriteCreate,
  [favouriteDelete.id]: favouriteDelete,
}
