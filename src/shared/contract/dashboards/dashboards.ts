import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { CHART_TYPES, LAYOUT_TYPES, WIDGET_DATA_TYPES } from '../../rules/dashboards/widget'
import { dashboardRuleShape } from '../../rules/dashboards/dashboard'
import { pagedSchema, pageQueryShape } from '../paging'
import { DASHBOARD_PERMISSION } from './permissions'

/**
 * Dashboards: a user's own (private) or shared with roles. Everyone with the dashboards
 * permission makes their own; only the owner changes or deletes one, the roles it is shared with
 * see it read-only.
 */
export const dashboardSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  ownerName: z.string(),
  /** The caller made it: may change, share and delete it. */
  mine: z.boolean(),
  sharedRoles: z.array(z.string()),
  widgetCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
})
export type DashboardSummary = z.output<typeof dashboardSummarySchema>

/** A widget as placed: where, how big, and what a viewer needs to draw it (not its query). */
export const placedWidgetSchema = z.object({
  widgetId: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
  title: z.string(),
  chartType: z.enum(CHART_TYPES),
  dataType: z.enum(WIDGET_DATA_TYPES),
  layoutType: z.enum(LAYOUT_TYPES),
})
export type PlacedWidget = z.output<typeof placedWidgetSchema>

export const dashboardSchema = dashboardSummarySchema.extend({ layout: z.array(placedWidgetSchema) })
export type Dashboard = z.output<typeof dashboardSchema>

const base = { area: 'platform', access: 'session', permission: DASHBOARD_PERMISSION } as const
const idInput = z.object({ id: z.string().trim().min(1, 'msg_dashboard_not_found') })

/** The dashboards the caller sees: its own first, then those shared with its roles, by title. */
export const dashboardList = defineEndpoint({
  ...base,
  id: 'platform.dashboard.list',
  method: 'GET',
  path: '/dashboard/list',
  input: z.object({ ...pageQueryShape, title: z.string().trim().max(50).optional() }),
  output: pagedSchema(dashboardSummarySchema),
})

export const dashboardDetail = defineEndpoint({ ...base, id: 'platform.dashboard.detail', method: 'GET', path: '/dashboard/detail', input: idInput, output: dashboardSchema })

export const dashboardCreate = defineEndpoint({ ...base, id: 'platform.dashboard.create', method: 'POST', path: '/dashboard/create', input: z.object(dashboardRuleShape), output: dashboardSchema })

export const dashboardUpdate = defineEndpoint({
  ...base,
  id: 'platform.dashboard.update',
  method: 'POST',
  path: '/dashboard/update',
  input: z.object(dashboardRuleShape).extend({ id: z.string().trim().min(1, 'msg_dashboard_not_found'), version: z.number().int().min(1) }),
  output: dashboardSchema,
})

export const dashboardDelete = defineEndpoint({ ...base, id: 'platform.dashboard.delete', method: 'POST', path: '/dashboard/delete', input: idInput, output: z.null() })

/** The enabled roles a dashboard can be shared with, by code. */
export const dashboardRoles = defineEndpoint({
  ...base,
  id: 'platform.dashboard.roles',
  method: 'GET',
  path: '/dashboard/roles',
  input: z.object({}),
  output: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string() })),
})
