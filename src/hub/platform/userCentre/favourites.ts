import * as contract from '../../../shared/contract/platform/userCentre/favourites'
import { signedIn } from '../../http/auth'
import { route, type CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { menuRepository } from '../menuRepository'
import { favouriteRepository as favourites } from './favouriteRepository'
import { favouriteDuplicate, menuNotFound } from './refusals'
import { ucDb } from './tables'

const context = (call: CallContext) => ({ db: ucDb(call.hub.store.db), userId: signedIn(call).userId })

export const favouriteList = route(contract.favouriteList, async (_input, call) => {
  const { db, userId } = context(call)
  return favourites.listOf(db, userId)
})

/** Only pages (menus with a component) can be favourites; catalogues open nothing. */
export const favouriteCreate = route(contract.favouriteCreate, async ({ menuId }, call) => {
  const { db, userId } = context(call)
  if ((await menuRepository.typeOf(call.hub.store.db, menuId)) !== 'menu') throw menuNotFound()
  if (await favourites.exists(db, { user_id: userId, menu_id: menuId })) throw favouriteDuplicate()
  const id = newId()
  await favourites.insert(db, { id, user_id: userId, menu_id: menuId, created_at: isoNow() })
  return favourites.findOf(db, userId, id)
})

/** A user removes only their own favourites: another user's id is as missing as an unknown one. */
export const favouriteDelete = route(contract.favouriteDelete, async ({ id }, call) => {
  const { db, userId } = context(call)
  await favourites.removeOf(db, userId, id)
  return null
})
