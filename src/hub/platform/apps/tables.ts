import type { Kysely } from 'kysely'
import type { HubDatabase } from '../../store/schema'
import { repositoryOf, rowsOf } from '../../store/repository'

/** The tables of migration 0007 as Kysely sees them; appsDb() widens the store's Kysely. */
export interface ApplicationsTable {
  id: string
  code: string
  name: string
  app_type: string
  stakeholder: string
  stakeholder_phone: string
  stakeholder_email: string
  route_path: string
  status: string
  created_at: string
  updated_at: string
}

export interface ApplicationModulesTable {
  id: string
  app_code: string
  code: string
  name: string
  status: string
  created_at: string
  updated_at: string
}

export interface ApiGroupsTable {
  id: string
  app_code: string
  code: string
  name: string
  created_at: string
  updated_at: string
}

export interface ApplicationApisTable {
  id: string
  app_code: string
  group_id: string | null
  code: string
  name: string
  method: string
  endpoint: string
  status: string
  created_at: string
  updated_at: string
}

export type GatewayKind = 'internal' | 'external'

export interface GatewayRoutesTable {
  id: string
  kind: GatewayKind
  path: string
  prefix: string
  target_service: string
  service_type: string
  auth_type: string
  status: string
  created_at: string
  updated_at: string
}

export type AppsDatabase = HubDatabase & {
  applications: ApplicationsTable
  application_modules: ApplicationModulesTable
  api_groups: ApiGroupsTable
  application_apis: ApplicationApisTable
  gateway_routes: GatewayRoutesTable
}

export type AppsDb = Kysely<AppsDatabase>
// A cast, not a conversion: migration 0007 gives the same database these tables.
export const appsDb = (db: Kysely<HubDatabase>): AppsDb => db as unknown as AppsDb

/** The repositories of this area's aggregates, typed on its tables (store/repository.ts). */
export const appsRepository = repositoryOf<AppsDatabase>()
/** …and the stored rows of those whose record is a joined read (modules, APIs, groups, routers). */
export const appsRows = rowsOf<AppsDatabase>()
