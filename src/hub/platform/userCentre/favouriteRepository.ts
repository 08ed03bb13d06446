import type { Favourite } from '../../../shared/contract/platform/userCentre/favourites'
import { findOrRefuse } from '../../store/findOrRefuse'
import { rowsOf } from '../../store/repository'
import type { HubDatabase } from '../../store/schema'
import { favouriteDuplicate, favouriteNotFound } from './refusals'
import type { UserCentreDb, UserCentreTables } from './tables'

/** A user's favourites with the menu items they mark. */
const favourites = (db: UserCentreDb, userId: string) =>
  db
    .selectFrom('favourites as f')
    .innerJoin('menus as m', 'm.id', 'f.menu_id')
    .select(['f.id', 'f.menu_id', 'f.created_at', 'm.menu_name_zh', 'm.menu_name_en', 'm.component', 'm.icon'])
    .where('f.user_id', '=', userId)

type Row = { id: string; menu_id: string; created_at: string; menu_name_zh: string; menu_name_en: string; component: string | null; icon: string | null }
const toFavourite = (r: Row): Favourite => ({
  id: r.id,
  menuId: r.menu_id,
  menuName: r.menu_name_zh,
  menuNameEn: r.menu_name_en,
  component: r.component ?? '',
  icon: r.icon ?? '',
  createdDate: r.created_at,
})

// Two marks of the same page at once: the unique constraint settles it (the duplicate refusal).
const rows = rowsOf<HubDatabase & UserCentreTables>()({ table: 'favourites', notFound: favouriteNotFound, duplicate: favouriteDuplicate })

/** Favourites: each user's own, one per menu item; another user's is as missing as an unknown one. */
export const favouriteRepository = {
  ...rows,

  /** The user's favourites, newest first. */
  listOf: async (db: UserCentreDb, userId: string) => (await favourites(db, userId).orderBy('f.created_at', 'desc').orderBy('f.id').execute()).map(toFavourite),

  /** The user's favourite with this id, or the not-found refusal. */
  findOf: async (db: UserCentreDb, userId: string, id: string) => toFavourite(await findOrRefuse(favourites(db, userId).where('f.id', '=', id), favouriteNotFound)),

  /** Deletes the user's favourite with this id, or refuses as not found. */
  async removeOf(db: UserCentreDb, userId: string, id: string): Promise<void> {
    const result = await db.deleteFrom('favourites').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
    if (result.numDeletedRows === 0n) throw favouriteNotFound()
  },
}
