import type { z } from 'zod'
import * as contract from '../../../shared/contract/platform/apps/clientRouters'
import { DEFAULT_ROUTER_META } from '../../../shared/rules/platform/apps/clientRouter'
import { route } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { clientRouterRepository as routers } from './clientRouterRepository'
import { routerDuplicate, routerInUse, routerRenameInUse } from './refusals'
import { appsDb } from './tables'

export const clientRouterList = route(contract.clientRouterList, async (q, call) => routers.list(appsDb(call.hub.store.db), q))

export const clientRouterDetail = route(contract.clientRouterDetail, async ({ id }, call) => routers.find(appsDb(call.hub.store.db), id))

type RouterInput = z.output<typeof contract.clientRouterCreate.input>

/** Spec: metadata is a JSON string, falling back to keepAlive false; the page key falls back to the name. */
const columns = (input: RouterInput, at: string) => ({
  name: input.name,
  path: input.path,
  component: input.component || input.name,
  app_code: input.appCode || 'common',
  meta_data: input.metaData || DEFAULT_ROUTER_META,
  updated_at: at,
})

export const clientRouterCreate = route(contract.clientRouterCreate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  if (await routers.exists(db, { name: input.name })) throw routerDuplicate()
  const id = newId()
  const at = isoNow()
  await routers.insert(db, { id, ...columns(input, at), created_at: at })
  return routers.find(db, id)
})

/** A menu names its page by the router's name: renaming a router in use would orphan the menu item. */
export const clientRouterUpdate = route(contract.clientRouterUpdate, async (input, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await routers.find(db, input.id)
  if (stored.name !== input.name && stored.menuCount > 0) throw routerRenameInUse()
  if (await routers.exists(db, { name: input.name }, input.id)) throw routerDuplicate()
  await routers.update(db, input.id, columns(input, isoNow()))
  return routers.find(db, input.id)
})

/** Refused while a menu item opens the router (chosen over unlinking: the item would open nothing). */
export const clientRouterDelete = route(contract.clientRouterDelete, async ({ id }, call) => {
  const db = appsDb(call.hub.store.db)
  const stored = await routers.find(db, id)
  if (stored.menuCount > 0) throw routerInUse()
  await routers.remove(db, id)
  return null
})
