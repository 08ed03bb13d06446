import type { Endpoint } from '../../endpoint'
import { endpointsIn } from '../../endpoint'
import * as home from './home'

/** Operations at a glance (issue 16): the home page's data. */
export const opsEndpoints = { ...endpointsIn(home) } satisfies Record<string, Endpoint>
