import { z } from 'zod'
import { textRule } from '../platform/status'

/**
 * A dashboard: a title, its widgets placed on a grid of GRID_COLUMNS columns (x, w in columns;
 * y, h in rows of the grid's row height), and the roles it is shared with (none: only its owner
 * sees it).
 */
export const GRID_COLUMNS = 12
export const GRID_ROWS_MAX = 200
export const WIDGET_HEIGHT_MAX = 12
export const DASHBOARD_WIDGETS_MAX = 50
export const DASHBOARD_ROLES_MAX = 50

export const placementSchema = z
  .object({
    widgetId: z.string().trim().min(1, 'msg_widget_not_found').max(64, 'msg_widget_not_found'),
    x: z.number().int().min(0).max(GRID_COLUMNS - 1),
    y: z.number().int().min(0).max(GRID_ROWS_MAX),
    w: z.number().int().min(1).max(GRID_COLUMNS),
    h: z.number().int().min(1).max(WIDGET_HEIGHT_MAX),
  }, { error: 'msg_dashboard_layout_rule' })
  .refine((p) => p.x + p.w <= GRID_COLUMNS, 'msg_dashboard_layout_rule')
export type Placement = z.output<typeof placementSchema>

export const dashboardRuleShape = {
  title: textRule({ max: 50, required: 'msg_dashboard_title_required', length: 'msg_dashboard_title_rule' }),
  layout: z.array(placementSchema, { error: 'msg_dashboard_layout_rule' }).max(DASHBOARD_WIDGETS_MAX, 'msg_dashboard_layout_rule').default([]),
  /** Role codes; empty: private to its owner. */
  sharedRoles: z.array(z.string().trim().min(1).max(50), { error: 'msg_dashboard_role_unknown' }).max(DASHBOARD_ROLES_MAX, 'msg_dashboard_role_unknown').default([]),
}
export const dashboardFormSchema = z.object(dashboardRuleShape)
