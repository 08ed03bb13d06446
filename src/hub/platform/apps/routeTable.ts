import type { Store } from '../../store'
import { gatewayRepository } from './gatewayRepository'
import type { AppsDb, GatewayKind } from './tables'

export interface LiveRoute {
  kind: GatewayKind
  path: string
  prefix: string
  targetService: string
  authType: string
}

/**
 * The gateway routes this hub node serves, in memory (spec: GET /refreshRoute reloads them).
 * Kept per store (one per hub), so two hubs in one process — tests, the embedded and a
 * standalone one — never share a table. Saving a route does not change the table: like a
 * gateway, the hub takes changes when it is told to refresh.
 */
const tables = new WeakMap<Store, readonly LiveRoute[]>()

/** Loads the enabled routes from the store into the hub's table; longest path first (most specific wins). */
export async function reloadRoutes(store: Store, db: AppsDb): Promise<readonly LiveRoute[]> {
  const rows = await gatewayRepository.enabled(db)
  const live = rows
    .map((r) => ({ kind: r.kind, path: r.path, prefix: r.prefix, targetService: r.target_service, authType: r.auth_type }))
    .sort((a, b) => b.path.length - a.path.length || a.path.localeCompare(b.path))
  tables.set(store, live)
  return live
}

/** The live table; empty until the first refresh. */
export const liveRoutes = (store: Store): readonly LiveRoute[] => tables.get(store) ?? []
