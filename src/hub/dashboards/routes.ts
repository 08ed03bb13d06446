import * as dashboardCalls from '../../shared/contract/dashboards/dashboards'
import * as widgetCalls from '../../shared/contract/dashboards/widgets'
import { endpointsIn } from '../../shared/endpoint'
import type { Route } from '../http/context'
import { routesFor } from '../http/routeMaps'
import { dashboardCreate, dashboardDelete, dashboardDetail, dashboardList, dashboardRoles, dashboardUpdate } from './dashboards'
import { widgetCreate, widgetData, widgetDelete, widgetDetail, widgetList, widgetPreview, widgetSources, widgetUpdate } from './widgets'

/** The dashboards' and widgets' handlers, one per endpoint of shared/contract/dashboards/ (checked by the compiler). */
export const dashboardRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(dashboardCalls), { dashboardList, dashboardDetail, dashboardCreate, dashboardUpdate, dashboardDelete, dashboardRoles }),
  ...routesFor(endpointsIn(widgetCalls), { widgetList, widgetDetail, widgetCreate, widgetUpdate, widgetDelete, widgetPreview, widgetSources, widgetData }),
]
