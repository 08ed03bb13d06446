import type { EndpointMap } from '../../shared/endpoint'
import type { Route } from './context'

/**
 * One route per endpoint of an area's map, under the endpoint's name. The compiler refuses a
 * missing name, an extra one, and a route made for another endpoint (ids are literal types),
 * so an area's handlers cannot drift from its contract unnoticed until the hub boots.
 */
export type RoutesFor<M extends EndpointMap> = { readonly [K in keyof M]: Route<M[K]> }

/** The routes of `routes`, in the order of the area's endpoints. */
export function routesFor<M extends EndpointMap>(endpoints: M, routes: RoutesFor<M>): readonly Route[] {
  return Object.keys(endpoints).map((name) => {
    const route = routes[name as keyof M]
    // The types say so already; a cast somewhere must not make it untrue.
    if (route?.endpoint !== endpoints[name]) throw new Error(`the route named ${name} does not serve ${endpoints[name]!.id}`)
    return route as Route
  })
}
