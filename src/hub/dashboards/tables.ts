import type { Kysely } from 'kysely'
import type { HubDatabase } from '../store/schema'
import { repositoryOf, rowsOf } from '../store/repository'

/** The tables of migration 0019 as Kysely sees them; dashboardDb() widens the store's Kysely. */
interface AuditColumns {
  id: string
  version: number
  created_at: string
  created_by: string
  updated_at: string
  updated_by: string
}

export type WidgetsTable = AuditColumns & {
  title: string
  layout_type: string
  chart_type: string
  data_type: string
  data_source: string
  content: string
}

export type DashboardsTable = AuditColumns & {
  title: string
  /** users.id of the one who made it. */
  owner_id: string
}

export interface DashboardWidgetsTable {
  dashboard_id: string
  widget_id: string
  x: number
  y: number
  w: number
  h: number
}

export interface DashboardRolesTable {
  dashboard_id: string
  role_code: string
}

export type DashboardTables = {
  dh_widgets: WidgetsTable
  dh_dashboards: DashboardsTable
  dh_dashboard_widgets: DashboardWidgetsTable
  dh_dashboard_roles: DashboardRolesTable
}

export type DashboardDatabase = HubDatabase & DashboardTables
export const dashboardDb = (db: Kysely<HubDatabase>): Kysely<DashboardDatabase> => db.withTables<DashboardTables>()
export type DashboardDb = Kysely<DashboardDatabase>

export const dashboardRepositoryOf = repositoryOf<DashboardDatabase>()
export const dashboardRowsOf = rowsOf<DashboardDatabase>()
