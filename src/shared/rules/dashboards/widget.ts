import { z } from 'zod'
import { textRule } from '../platform/status'
import { HUB_METRICS, isSeriesMetric, SERIES_TOPIC_MAX } from './metrics'
import { isJsonText } from '../jsonText'
import { URL_PATTERN } from '../patterns'

/**
 * A widget (spec part 2: "Widget, dashboard (title, layout type, type, data type, data source)";
 * constants: "Chart types pie, line, bar, histogram. Widget data types API address, HTML rich
 * text, JSON"). The spec shows only labels; what each one means here is in
 * src/hub/dashboards/README.md.
 *
 * `type` is the chart type: the spec's four plus `number` (one figure, the first cell) and
 * `table` (the rows as they come), which operators expect of a dashboard.
 */
export const CHART_TYPES = ['line', 'bar', 'pie', 'histogram', 'number', 'table'] as const
export type ChartType = (typeof CHART_TYPES)[number]

/**
 * Where the data comes from: the spec's three (api: an http(s) address answering JSON, fetched by
 * the hub under its private-address rule; html: rich text shown sanitised; json: data typed in)
 * plus `sql` (a read-only query on a configured data source, under the SQL preview's guards) and
 * `metric` (one of the hub's own figures, HUB_METRICS).
 */
export const WIDGET_DATA_TYPES = ['sql', 'metric', 'api', 'json', 'html'] as const
export type WidgetDataType = (typeof WIDGET_DATA_TYPES)[number]

/**
 * The spec's "layout type": the size a widget takes when it is placed on a dashboard, in cells of
 * the dashboard's 12-column grid (WIDGET_SIZES). Once placed, it can be resized there.
 */
export const LAYOUT_TYPES = ['small', 'medium', 'large', 'wide'] as const
export type LayoutType = (typeof LAYOUT_TYPES)[number]
export const WIDGET_SIZES: Record<LayoutType, { w: number; h: number }> = {
  small: { w: 3, h: 2 },
  medium: { w: 4, h: 3 },
  large: { w: 6, h: 4 },
  wide: { w: 12, h: 3 },
}

/** Rows a widget's SQL query shows at most (within the SQL preview's 1–10000). */
export const WIDGET_ROWS_MAX = 500
export const WIDGET_SQL_MAX = 5000
export const WIDGET_URL_MAX = 1000
export const WIDGET_JSON_MAX = 100_000
export const WIDGET_HTML_MAX = 20_000

/**
 * A widget as the editor saves it. `dataSource`: the data source's name (sql), the metric's name
 * (metric) or the address (api); `content`: the query (sql), the data (json), the rich text
 * (html) or a series metric's topic code (empty: every topic). What a data type does not use is kept empty.
 */
export const widgetRuleShape = {
  title: textRule({ max: 50, required: 'msg_widget_title_required', length: 'msg_widget_title_rule' }),
  layoutType: z.enum(LAYOUT_TYPES, { error: 'msg_widget_layout_rule' }).default('medium'),
  chartType: z.enum(CHART_TYPES, { error: 'msg_widget_chart_rule' }),
  dataType: z.enum(WIDGET_DATA_TYPES, { error: 'msg_widget_data_type_rule' }),
  dataSource: z.string().trim().max(WIDGET_URL_MAX, 'msg_widget_source_rule').default(''),
  content: z.string().max(WIDGET_JSON_MAX, 'msg_widget_content_rule').default(''),
}

type WidgetFields = { dataType: WidgetDataType; dataSource: string; content: string }

/** The rules that depend on the data type, each message on the field at fault. */
export function checkWidgetSource(w: WidgetFields, ctx: z.RefinementCtx): void {
  const at = (path: 'dataSource' | 'content', message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
  switch (w.dataType) {
    case 'sql':
      if (w.dataSource === '') at('dataSource', 'msg_sql_datasource_required')
      if (w.content.trim() === '') at('content', 'msg_sql_required')
      else if (w.content.length > WIDGET_SQL_MAX) at('content', 'msg_sql_length')
      break
    case 'metric':
      if (!(HUB_METRICS as readonly string[]).includes(w.dataSource)) at('dataSource', 'msg_widget_metric_rule')
      // A series may be bound to one topic (its code); the hub says whether it exists.
      else if (isSeriesMetric(w.dataSource) && w.content.trim().length > SERIES_TOPIC_MAX) at('content', 'msg_topic_code_length')
      break
    case 'api':
      if (!URL_PATTERN.test(w.dataSource)) at('dataSource', 'msg_widget_api_rule')
      break
    case 'json':
      if (w.content.trim() === '' || !isJsonText(w.content)) at('content', 'msg_widget_json_rule')
      break
    case 'html':
      if (w.content.trim() === '') at('content', 'msg_widget_html_required')
      else if (w.content.length > WIDGET_HTML_MAX) at('content', 'msg_widget_html_rule')
      break
  }
}

export const widgetFormSchema = z.object(widgetRuleShape).superRefine(checkWidgetSource)
export type WidgetForm = z.input<typeof widgetFormSchema>
