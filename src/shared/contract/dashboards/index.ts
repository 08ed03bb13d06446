import type { Endpoint } from '../../endpoint'
import { endpointsIn } from '../../endpoint'
import * as dashboards from './dashboards'
import * as widgets from './widgets'

export * from './permissions'

/** Dashboards and their widgets (issue 16). */
export const dashboardEndpoints = { ...endpointsIn(dashboards), ...endpointsIn(widgets) } satisfies Record<string, Endpoint>
