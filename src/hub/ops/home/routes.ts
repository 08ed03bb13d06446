import * as homeCalls from '../../../shared/contract/ops/home'
import { endpointsIn } from '../../../shared/endpoint'
import { route, type Route } from '../../http/context'
import { routesFor } from '../../http/routeMaps'
import { homeData } from './homeData'

/** A day start the console sent that is no instant falls back to the hub's today (UTC). */
const dayStartOf = (text: string | undefined, now: number): number => {
  const at = text ? Date.parse(text) : Number.NaN
  if (Number.isFinite(at) && at <= now && at > now - 2 * 24 * 60 * 60 * 1000) return at
  return Math.floor(now / 86_400_000) * 86_400_000
}

const home = route(homeCalls.homeData, async ({ dayStart }, call) => {
  const now = Date.now()
  return homeData(call.hub.store.db, now, dayStartOf(dayStart, now))
})

/** The home page's handlers (shared/contract/ops/home.ts): the compiler checks none is missing or extra. */
export const opsRoutes: readonly Route[] = routesFor(endpointsIn(homeCalls), { homeData: home })
