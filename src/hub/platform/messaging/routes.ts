import * as channelsContract from '../../../shared/contract/platform/messaging/channels'
import * as emailServersContract from '../../../shared/contract/platform/messaging/emailServers'
import * as emailTemplatesContract from '../../../shared/contract/platform/messaging/emailTemplates'
import * as pfAuthenticationContract from '../../../shared/contract/platform/messaging/pfAuthentication'
import * as sysAuthenticationContract from '../../../shared/contract/platform/messaging/sysAuthentication'
import { endpointsIn } from '../../../shared/endpoint'
import type { Route } from '../../http/context'
import { routesFor } from '../../http/routeMaps'
import * as channels from './channels'
import * as emailServers from './emailServers'
import * as emailTemplates from './emailTemplates'
import * as pfAuthentication from './pfAuthentication'
import * as sysAuthentication from './sysAuthentication'

// Each handler module is the route map of the contract module of the same name (same export
// names; the helpers it also exports are left aside).
/** Handlers of messagingEndpoints, one per endpoint (the compiler checks none is missing). */
export const messagingRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(sysAuthenticationContract), sysAuthentication),
  ...routesFor(endpointsIn(pfAuthenticationContract), pfAuthentication),
  ...routesFor(endpointsIn(emailServersContract), emailServers),
  ...routesFor(endpointsIn(emailTemplatesContract), emailTemplates),
  ...routesFor(endpointsIn(channelsContract), channels),
]
