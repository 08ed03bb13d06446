import { sql, type Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../shared/contract/dashboards/dashboards'
import type { Dashboard, DashboardSummary, PlacedWidget } from '../../shared/contract/dashboards/dashboards'
import type { Placement } from '../../shared/rules/dashboards/dashboard'
import { versionStale } from '../datahub/refusals'
import { containsText } from '../store/like'
import { page } from '../store/paging'
import { dashboardNotFound } from './refusals'
import { dashboardRowsOf, type DashboardDb, type DashboardsTable } from './tables'

type DashboardRow = Selectable<DashboardsTable>

/** Who asks: a dashboard is theirs, or shared with one of their roles. */
export interface Viewer {
  userId: string
  roleCodes: readonly string[]
}

const rows = dashboardRowsOf({ table: 'dh_dashboards', notFound: dashboardNotFound })

/** The dashboards a viewer sees: its own, and those shared with one of its roles. */
function visible(db: DashboardDb, viewer: Viewer) {
  return rows.from(db).where((eb) => {
    const own = eb('owner_id', '=', viewer.userId)
    if (viewer.roleCodes.length === 0) return own
    return eb.or([own, eb('id', 'in', db.selectFrom('dh_dashboard_roles').select('dashboard_id').where('role_code', 'in', [...viewer.roleCodes]))])
  })
}

async function summaries(db: DashboardDb, viewer: Viewer, found: DashboardRow[]): Promise<DashboardSummary[]> {
  if (found.length === 0) return []
  const ids = found.map((r) => r.id)
  const [roles, counts, owners] = await Promise.all([
    db.selectFrom('dh_dashboard_roles').select(['dashboard_id', 'role_code']).where('dashboard_id', 'in', ids).orderBy('role_code').execute(),
    db.selectFrom('dh_dashboard_widgets').select(['dashboard_id', (eb) => eb.fn.countAll().as('n')]).where('dashboard_id', 'in', ids).groupBy('dashboard_id').execute(),
    db.selectFrom('users').select(['id', 'username']).where('id', 'in', [...new Set(found.map((r) => r.owner_id))]).execute(),
  ])
  const ownerName = new Map(owners.map((u) => [u.id, u.username]))
  const widgetCount = new Map(counts.map((c) => [c.dashboard_id, Number(c.n)]))
  return found.map((r) => ({
    id: r.id,
    title: r.title,
    ownerName: ownerName.get(r.owner_id) ?? '',
    mine: r.owner_id === viewer.userId,
    sharedRoles: roles.filter((x) => x.dashboard_id === r.id).map((x) => x.role_code),
    widgetCount: widgetCount.get(r.id) ?? 0,
    version: r.version,
    updatedAt: r.updated_at,
  }))
}

/**
 * Dashboards: owned by the user who made it, shared with role codes, their widgets placed on a
 * grid. Every read is through a viewer: one the viewer may not see is "not found".
 */
export const dashboardRepository = {
  ...rows,

  /** The stored row if the viewer sees it, else the not-found refusal. */
  async visibleRow(db: DashboardDb, viewer: Viewer, id: string): Promise<DashboardRow> {
    const row = await visible(db, viewer).selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw dashboardNotFound()
    return row
  },

  /** A page of what the viewer sees: its own first, then by title. */
  list(db: DashboardDb, viewer: Viewer, q: z.output<typeof contract.dashboardList.input>) {
    let base = visible(db, viewer)
    if (q.title) base = base.where(containsText('title', q.title))
    const query = base
      .selectAll()
      .orderBy(sql`case when owner_id = ${viewer.userId} then 0 else 1 end`)
      .orderBy('title')
      .orderBy('id')
    return page(query, q, (found) => summaries(db, viewer, found))
  },

  /** The wire record with its widgets (where they sit, what they are), top to bottom, left to right. */
  async find(db: DashboardDb, viewer: Viewer, id: string): Promise<Dashboard> {
    const row = await dashboardRepository.visibleRow(db, viewer, id)
    const [summary] = await summaries(db, viewer, [row])
    const placed = await db
      .selectFrom('dh_dashboard_widgets as p')
      .innerJoin('dh_widgets as w', 'w.id', 'p.widget_id')
      .select(['p.widget_id', 'p.x', 'p.y', 'p.w', 'p.h', 'w.title', 'w.chart_type', 'w.data_type', 'w.layout_type'])
      .where('p.dashboard_id', '=', id)
      .orderBy('p.y')
      .orderBy('p.x')
      .execute()
    const layout = placed.map(
      (p): PlacedWidget => ({
        widgetId: p.widget_id, x: p.x, y: p.y, w: p.w, h: p.h, title: p.title,
        chartType: p.chart_type as PlacedWidget['chartType'], dataType: p.data_type as PlacedWidget['dataType'], layoutType: p.layout_type as PlacedWidget['layoutType'],
      }),
    )
    return { ...summary!, layout }
  },

  /** Whether the widget sits on that dashboard. */
  shows: async (db: DashboardDb, dashboardId: string, widgetId: string): Promise<boolean> =>
    (await db.selectFrom('dh_dashboard_widgets').select('widget_id').where('dashboard_id', '=', dashboardId).where('widget_id', '=', widgetId).executeTakeFirst()) !== undefined,

  /** The placements and shares of a dashboard, replaced as a whole (the editor saves the whole layout). */
  async replaceParts(db: DashboardDb, id: string, layout: readonly Placement[], roleCodes: readonly string[]): Promise<void> {
    await db.deleteFrom('dh_dashboard_widgets').where('dashboard_id', '=', id).execute()
    await db.deleteFrom('dh_dashboard_roles').where('dashboard_id', '=', id).execute()
    if (layout.length > 0) await db.insertInto('dh_dashboard_widgets').values(layout.map((p) => ({ dashboard_id: id, widget_id: p.widgetId, x: p.x, y: p.y, w: p.w, h: p.h }))).execute()
    if (roleCodes.length > 0) await db.insertInto('dh_dashboard_roles').values(roleCodes.map((role_code) => ({ dashboard_id: id, role_code }))).execute()
  },

  save: (db: DashboardDb, from: { id: string; version: number }, set: { title: string; updated_at: string; updated_by: string }) => rows.saveVersioned(db, from, set, versionStale),

  /** Deletes the dashboard with its placements and shares. */
  async removeAll(db: DashboardDb, id: string): Promise<void> {
    await db.deleteFrom('dh_dashboard_widgets').where('dashboard_id', '=', id).execute()
    await db.deleteFrom('dh_dashboard_roles').where('dashboard_id', '=', id).execute()
    await db.deleteFrom('dh_dashboards').where('id', '=', id).execute()
  },

  /** The role codes of the user's enabled roles. */
  async roleCodesOf(db: DashboardDb, userId: string): Promise<string[]> {
    const found = await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('roles.role_code').where('user_roles.user_id', '=', userId).where('roles.status', '=', '1').execute()
    return found.map((r) => r.role_code)
  },

  /** Enabled roles a dashboard may be shared with, by code. */
  enabledRoles: (db: DashboardDb) => db.selectFrom('roles').select(['role_code', 'role_name', 'role_name_en']).where('status', '=', '1').orderBy('role_code').execute(),
}
