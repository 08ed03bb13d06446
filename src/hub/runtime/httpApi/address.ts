import { routeFor, targetUrl } from '../../platform/apps/forward'
import { liveRoutes } from '../../platform/apps/routeTable'
import type { HubContext } from '../../http/context'
import { DeliveryError } from '../../kernel/deliveryError'
import { keyed } from '../../text/keyedText'

/**
 * Where an outgoing call goes. `address` is a full URL, or a path resolved against `base` (the
 * API editor's URL; spec §5 allows a path starting with '/'). Without a base, a path under
 * /inner or /outer (what the console fills in from an application's gateway route) goes where
 * this hub's own gateway would send it (platform/apps/forward.ts), so the operator needs no
 * second address. Targets are set by administrators and usually live on the intranet, so
 * private addresses are allowed here, unlike WSDL resolve.
 */
export function callAddress(hub: Pick<HubContext, 'store'>, address: string, base = ''): URL {
  let url: URL
  try {
    url = address.startsWith('/') ? new URL(base ? address : throughGateway(hub, address), base || undefined) : new URL(address)
  } catch (err) {
    if (err instanceof DeliveryError) throw err
    throw new DeliveryError(keyed('msg_exchange_uri_not_url', { address }), true)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeliveryError(keyed('msg_exchange_uri_protocol', { protocol: url.protocol }), true)
  return url
}

/** A path under the hub's gateway roots: the live route's target URL; any other path as it was. */
function throughGateway(hub: Pick<HubContext, 'store'>, path: string): string {
  if (!/^\/(inner|outer)(\/|$)/.test(path)) return path
  const route = routeFor(liveRoutes(hub.store), path.split('?')[0] ?? '')
  if (!route) throw new DeliveryError(keyed('msg_exchange_no_gateway_route', { path }))
  if (route.authType !== 'none') throw new DeliveryError(keyed('msg_exchange_gateway_auth', { path: route.path, auth: route.authType }), true)
  return targetUrl(route.targetService, path)
}
