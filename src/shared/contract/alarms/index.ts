import type { Endpoint } from '../../endpoint'
import { endpointsIn } from '../../endpoint'
import * as incidents from './incidents'
import * as notifications from './notifications'
import * as webhooks from './webhooks'

export * from './permissions'

/** The alert centre's and the message centre's calls (issue 15). */
export const alarmEndpoints = { ...endpointsIn(incidents), ...endpointsIn(notifications), ...endpointsIn(webhooks) } satisfies Record<string, Endpoint>
