import * as contract from '../../../shared/contract/platform/userCentre/favourites'
import type { Favourite } from '../../../shared/contract/platform/userCentre/favourites'
import { signedIn } from '../../http/auth'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { isUniqueViolation } from '../admin/refusals'
import { favouriteDuplicate, favouriteNotFound, menuNotFound } from './refusals'
import { ucDb, type UserCentreDb } from './tables'

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

const context = (call: CallContext) => ({ db: ucDb(call.hub.store.db), userId: signedIn(call).userId })

export const favouriteList = route(contract.favouriteList, async (_input, call) => {
  const { db, userId } = context(call)
  const rows = await favourites(db, userId).orderBy('f.created_at', 'desc').orderBy('f.id').execute()
  return rows.map(toFavourite)
})

/** Only pages (menus with a component) can be favourites; catalogues open nothing. */
export const favouriteCreate = route(contract.favouriteCreate, async ({ menuId }, call) => {
  const { db, userId } = context(call)
  const menu = await db.selectFrom('menus').select(['id', 'type']).where('id', '=', menuId).executeTakeFirst()
  if (!menu || menu.type !== 'menu') throw menuNotFound()
  const existing = await db.selectFrom('favourites').select('id').where('user_id', '=', userId).where('menu_id', '=', menuId).executeTakeFirst()
  if (existing) throw favouriteDuplicate()
  const id = newId()
  try {
    await db.insertInto('favourites').values({ id, user_id: userId, menu_id: menuId, created_at: isoNow() }).execute()
  } catch (err) {
    // Two marks of the same page at once: the unique constraint settles it.
    if (isUniqueViolation(err)) throw favouriteDuplicate()
    throw err
  }
  return toFavourite((await favourites(db, userId).where('f.id', '=', id).executeTakeFirstOrThrow()) as Row)
})

/** A user removes only their own favourites: another user's id is as missing as an unknown one. */
export const favouriteDelete = route(contract.favouriteDelete, async ({ id }, call) => {
  const { db, userId } = context(call)
  const result = await db.deleteFrom('favourites').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) throw favouriteNotFound()
  return null
})
