import type { Selectable, Updateable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../shared/contract/dashboards/widgets'
import type { Widget } from '../../shared/contract/dashboards/widgets'
import { versionStale } from '../datahub/refusals'
import { containsText } from '../store/like'
import { page } from '../store/paging'
import { widgetNotFound } from './refusals'
import { dashboardRowsOf, type DashboardDb, type WidgetsTable } from './tables'

type WidgetRow = Selectable<WidgetsTable>

const recordOf = (r: WidgetRow, placedOn: number): Widget => ({
  id: r.id,
  title: r.title,
  layoutType: r.layout_type as Widget['layoutType'],
  chartType: r.chart_type as Widget['chartType'],
  dataType: r.data_type as Widget['dataType'],
  dataSource: r.data_source,
  content: r.content,
  placedOn,
  version: r.version,
  updatedAt: r.updated_at,
  updatedBy: r.updated_by,
})

const rows = dashboardRowsOf({ table: 'dh_widgets', notFound: widgetNotFound })

/** How many dashboards show each of these widgets. */
async function placements(db: DashboardDb, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const found = await db.selectFrom('dh_dashboard_widgets').select(['widget_id', (eb) => eb.fn.countAll().as('n')]).where('widget_id', 'in', ids).groupBy('widget_id').execute()
  return new Map(found.map((r) => [r.widget_id, Number(r.n)]))
}

async function records(db: DashboardDb, found: WidgetRow[]): Promise<Widget[]> {
  const counts = await placements(db, found.map((r) => r.id))
  return found.map((r) => recordOf(r, counts.get(r.id) ?? 0))
}

/** Widgets: edited under their version, answered with how many dashboards show them. */
export const widgetRepository = {
  ...rows,

  /** The wire record, or the not-found refusal. */
  find: async (db: DashboardDb, id: string): Promise<Widget> => (await records(db, [await rows.stored(db, id)]))[0]!,

  /** A page of widgets by title; the title matches a part, the data type exactly. */
  list(db: DashboardDb, q: z.output<typeof contract.widgetList.input>) {
    let base = rows.from(db)
    if (q.title) base = base.where(containsText('title', q.title))
    if (q.dataType) base = base.where('data_type', '=', q.dataType)
    return page(base.selectAll().orderBy('title').orderBy('id'), q, (found) => records(db, found))
  },

  /** Writes the changed columns, or refuses as stale when someone saved since `from` was read. */
  save: (db: DashboardDb, from: { id: string; version: number }, set: Updateable<WidgetsTable>) => rows.saveVersioned(db, from, set, versionStale),

  /** Whether a dashboard shows the widget. */
  placedOn: async (db: DashboardDb, id: string): Promise<number> => (await placements(db, [id])).get(id) ?? 0,
}
