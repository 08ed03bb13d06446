import * as identityProvidersContract from '../../../shared/contract/platform/identityProviders'
import * as ssoContract from '../../../shared/contract/platform/sso'
import { endpointsIn } from '../../../shared/endpoint'
import type { Route } from '../../http/context'
import { routesFor } from '../../http/routeMaps'
import * as identityProviders from './identityProviders'
import * as ssoLogin from './ssoLogin'

/** Single sign-on: the public sign-in calls and the identity providers' administration. */
export const ssoRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(ssoContract), ssoLogin),
  ...routesFor(endpointsIn(identityProvidersContract), identityProviders),
]
