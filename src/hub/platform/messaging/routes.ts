import type { Route } from '../../http/context'
import { routesIn } from '../../http/routeMaps'
import * as channels from './channels'
import * as emailServers from './emailServers'
import * as emailTemplates from './emailTemplates'
import * as pfAuthentication from './pfAuthentication'
import * as sysAuthentication from './sysAuthentication'

// The modules also export helpers beside their routes.
/** Handlers of messagingEndpoints (buildHub checks that none is missing). */
export const messagingRoutes: readonly Route[] = routesIn(sysAuthentication, pfAuthentication, emailServers, emailTemplates, channels)
