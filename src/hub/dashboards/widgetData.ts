import type { WidgetData } from '../../shared/contract/dashboards/widgets'
import type { HubMetric } from '../../shared/rules/dashboards/metrics'
import { WIDGET_ROWS_MAX, type WidgetDataType } from '../../shared/rules/dashboards/widget'
import { requireQuery } from '../datahub/dataSources/sql/guard'
import { sqlDriverFor } from '../datahub/dataSources/sql'
import { storedSpec } from '../datahub/dataSources/specs'
import { usableSource } from '../datahub/dataSources/sqlToolHandlers'
import type { CallContext } from '../http/context'
import { fetchApiJson } from './apiAddress'
import { resolveHubMetric } from './hubMetrics'
import { jsonTable } from './jsonTable'

/** What a widget's data depends on (a saved widget, or the editor's unsaved one). */
export interface WidgetSource {
  dataType: WidgetDataType
  dataSource: string
  content: string
}

/**
 * What a widget shows, by data type:
 * - sql: the SQL preview's own path (an enabled source, its kind's driver, the guard that lets
 *   only one read-only query through, the read-only transaction or file and the source's
 *   timeout), WIDGET_ROWS_MAX rows at most;
 * - metric: resolveHubMetric (a series' content is its topic's code, or empty);
 * - api: the address's JSON (apiAddress.ts), as a table;
 * - json: the typed data as a table;
 * - html: the text as saved; the console shows it only through its sanitiser.
 */
export async function widgetDataOf(call: CallContext, w: WidgetSource): Promise<WidgetData> {
  switch (w.dataType) {
    case 'sql': {
      const source = await usableSource(call, w.dataSource)
      const driver = sqlDriverFor(source.db_type)
      const query = requireQuery(w.content, driver.dialect)
      const { columns, rows, truncated } = await driver.preview(storedSpec(source, call), query, WIDGET_ROWS_MAX)
      return { columns, rows, truncated }
    }
    case 'metric':
      return resolveHubMetric(call.hub, w.dataSource as HubMetric, new Date(), w.content)
    case 'api':
      return jsonTable(await fetchApiJson(call.hub, w.dataSource))
    case 'json':
      return jsonTable(JSON.parse(w.content))
    case 'html':
      return { columns: [], rows: [], truncated: false, html: w.content }
  }
}
