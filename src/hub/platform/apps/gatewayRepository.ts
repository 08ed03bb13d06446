import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type * as contract from '../../../shared/contract/platform/apps/gateways'
import { ENABLED } from '../../../shared/rules/platform/apps/common'
import { findOrRefuse } from '../../store/findOrRefuse'
import { containsText } from '../../store/like'
import { gatewayDuplicate, gatewayNotFound } from './refusals'
import { appsRepository, type AppsDb, type GatewayKind, type GatewayRoutesTable } from './tables'

const routeOf = (r: Selectable<GatewayRoutesTable>): contract.GatewayRoute => ({
  id: r.id,
  path: r.path,
  prefix: r.prefix,
  targetService: r.target_service,
  serviceType: r.service_type,
  authType: r.auth_type,
  status: r.status,
  updatedDate: r.updated_at,
})

const repository = appsRepository({ table: 'gateway_routes', toRecord: routeOf, notFound: gatewayNotFound, duplicate: gatewayDuplicate })

/** The routes of one kind, for a list to narrow. */
const ofKind = (db: AppsDb, kind: GatewayKind) => repository.from(db).selectAll().where('kind', '=', kind)

/**
 * Gateway routes: internal and external share one table, `kind` keeps them apart — a route of
 * the other kind is not found. The path is unique across both (it forwards to one service).
 */
export const gatewayRepository = {
  ...repository,

  /** The wire record of the route of this kind, or the not-found refusal. */
  findOf: async (db: AppsDb, kind: GatewayKind, id: string) => routeOf(await findOrRefuse(ofKind(db, kind).where('id', '=', id), gatewayNotFound)),

  /** Every route of the kind, by path. */
  allOf: (db: AppsDb, kind: GatewayKind) => repository.all(ofKind(db, kind).orderBy('path')),

  /** A page of the routes of the kind matching the list's filters, by path. */
  listOf(db: AppsDb, kind: GatewayKind, q: z.output<typeof contract.internalList.input>) {
    let base = ofKind(db, kind)
    if (q.path) base = base.where(containsText('path', q.path))
    if (q.status) base = base.where('status', '=', q.status)
    return repository.page(base.orderBy('path'), q)
  },

  /** The enabled routes (of the kind, when given), by path: what a gateway serves. */
  enabled(db: AppsDb, kind?: GatewayKind) {
    let query = repository.from(db).select(['kind', 'path', 'prefix', 'target_service', 'auth_type']).where('status', '=', ENABLED)
    if (kind) query = query.where('kind', '=', kind)
    return query.orderBy('path').execute()
  },

  /** Deletes the route of this kind, or refuses as not found. */
  async removeOf(db: AppsDb, kind: GatewayKind, id: string): Promise<void> {
    const result = await db.deleteFrom('gateway_routes').where('kind', '=', kind).where('id', '=', id).executeTakeFirst()
    if (result.numDeletedRows === 0n) throw gatewayNotFound()
  },
}
