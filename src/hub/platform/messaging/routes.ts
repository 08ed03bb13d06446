import type { Route } from '../../http/context'
import * as channels from './channels'
import * as emailServers from './emailServers'
import * as emailTemplates from './emailTemplates'
import * as pfAuthentication from './pfAuthentication'
import * as sysAuthentication from './sysAuthentication'

// The modules also export helpers beside their routes.
const isRoute = (v: unknown): v is Route => typeof v === 'object' && v !== null && 'endpoint' in v

/** Handlers of messagingEndpoints (buildHub checks that none is missing). */
export const messagingRoutes: readonly Route[] = [sysAuthentication, pfAuthentication, emailServers, emailTemplates, channels].flatMap((m) => Object.values(m).filter(isRoute))
