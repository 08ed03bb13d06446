import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { CHART_TYPES, LAYOUT_TYPES, WIDGET_DATA_TYPES, checkWidgetSource, widgetRuleShape } from '../../rules/dashboards/widget'
import { cellSchema } from '../datahub/sqlTools'
import { pagedSchema, pageQueryShape } from '../paging'
import { WIDGET_PERMISSION, DASHBOARD_PERMISSION } from './permissions'

/** A widget as stored (shared/rules/dashboards/widget.ts says what its fields mean). */
export const widgetSchema = z.object({
  id: z.string(),
  title: z.string(),
  layoutType: z.enum(LAYOUT_TYPES),
  chartType: z.enum(CHART_TYPES),
  dataType: z.enum(WIDGET_DATA_TYPES),
  dataSource: z.string(),
  content: z.string(),
  /** Dashboards it is placed on (a widget in use cannot be deleted). */
  placedOn: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string(),
})
export type Widget = z.output<typeof widgetSchema>

/**
 * What a widget shows, whatever its data type: a table of columns and rows (the SQL preview's
 * shape; a chart reads its first column as labels and the numeric others as series), or, for
 * rich text, `html` — the text as saved, which the console shows only through its sanitiser.
 */
export const widgetDataSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  rows: z.array(z.array(cellSchema)),
  /** More rows were there than a widget shows. */
  truncated: z.boolean(),
  html: z.string().optional(),
})
export type WidgetData = z.output<typeof widgetDataSchema>

const base = { area: 'platform', access: 'session', permission: WIDGET_PERMISSION } as const
const idInput = z.object({ id: z.string().trim().min(1, 'msg_widget_not_found') })
const widgetInput = z.object(widgetRuleShape)

export const widgetList = defineEndpoint({
  ...base,
  id: 'platform.widget.list',
  method: 'GET',
  path: '/widget/list',
  input: z.object({ ...pageQueryShape, title: z.string().trim().max(50).optional(), dataType: z.enum(WIDGET_DATA_TYPES).optional() }),
  output: pagedSchema(widgetSchema),
})

export const widgetDetail = defineEndpoint({ ...base, id: 'platform.widget.detail', method: 'GET', path: '/widget/detail', input: idInput, output: widgetSchema })

export const widgetCreate = defineEndpoint({ ...base, id: 'platform.widget.create', method: 'POST', path: '/widget/create', input: widgetInput.superRefine(checkWidgetSource), output: widgetSchema })

/** `version`: the one the editor read; someone saved since → msg_version_stale. */
export const widgetUpdate = defineEndpoint({
  ...base,
  id: 'platform.widget.update',
  method: 'POST',
  path: '/widget/update',
  input: widgetInput.extend({ id: z.string().trim().min(1, 'msg_widget_not_found'), version: z.number().int().min(1) }).superRefine(checkWidgetSource),
  output: widgetSchema,
})

/** Refused (msg_widget_in_use) while a dashboard shows it. */
export const widgetDelete = defineEndpoint({ ...base, id: 'platform.widget.delete', method: 'POST', path: '/widget/delete', input: idInput, output: z.null() })

/** What an unsaved widget would show: the editor's preview, under the same guards as the saved one. */
export const widgetPreview = defineEndpoint({ ...base, id: 'platform.widget.preview', method: 'POST', path: '/widget/preview', input: widgetInput.superRefine(checkWidgetSource), output: widgetDataSchema })

/** The enabled data sources a SQL widget can query (the kinds with SQL tools), by name. */
export const widgetSources = defineEndpoint({
  ...base,
  id: 'platform.widget.sources',
  method: 'GET',
  path: '/widget/sources',
  input: z.object({}),
  output: z.array(z.object({ name: z.string(), dbType: z.string() })),
})

/**
 * A saved widget's data as a dashboard shows it: the caller must see that dashboard (its own, or
 * shared with one of its roles) and the widget must be placed on it — or hold the widget
 * permission (composing). Dashboards' permission, not the widgets': viewers are not composers.
 */
export const widgetData = defineEndpoint({
  area: 'platform',
  access: 'session',
  permission: DASHBOARD_PERMISSION,
  id: 'platform.widget.data',
  method: 'POST',
  path: '/widget/data',
  input: z.object({ id: z.string().trim().min(1, 'msg_widget_not_found'), dashboardId: z.string().trim().max(64).optional() }),
  output: widgetDataSchema,
})
