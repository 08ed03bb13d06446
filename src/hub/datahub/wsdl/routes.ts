import * as wsdl from '../../../shared/contract/datahub/wsdl'
import { producerResolveWsdlUrl } from '../../../shared/contract/datahub/wsdl'
import { endpointsIn } from '../../../shared/endpoint'
import { ResultCode } from '../../../shared/envelope'
import { route, type Route } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { routesFor } from '../../http/routeMaps'
import { WsdlFailure } from '../../kernel/outbound/failure'
import { loadWsdl } from './load'
import { refusalFor } from './refusals'

const REQUIRED = 'msg_wsdl_address_required'

/** GET /producer/resolveWsdlUrl: the operations of a WSDL, fetched by the hub within its limits. */
export const resolveWsdlUrl = route(
  producerResolveWsdlUrl,
  async ({ wsdlUrl }, { hub }) => {
    if (!wsdlUrl.trim()) throw new Refusal(ResultCode.validation, REQUIRED, {}, [{ path: 'wsdlUrl', key: REQUIRED }])
    try {
      // The shapes are the hub's own, for building calls; the console lists operations.
      const { shapes: _, ...resolution } = await loadWsdl(wsdlUrl, { allowPrivate: hub.config.allowPrivateWsdl === true })
      return resolution
    } catch (err) {
      if (err instanceof WsdlFailure) throw refusalFor(err)
      throw err
    }
  },
  { successMessage: 'msg_wsdl_resolved' },
)

/** Handlers of wsdlEndpoints. */
export const wsdlRoutes: readonly Route[] = routesFor(endpointsIn(wsdl), { producerResolveWsdlUrl: resolveWsdlUrl })
