import { externalCreate, internalCreate } from '../../../shared/contract/platform/apps/gateways'
import type { GatewayRouteEntry } from '../../../shared/contract/promotion/document'
import { gatewayRepository as gateways } from '../../platform/apps/gatewayRepository'
import { saveGatewayRoute } from '../../platform/apps/gateways'
import { appsDb, type GatewayKind } from '../../platform/apps/tables'
import { parseAs, type Candidate, type Existing, type Tx } from '../target'

/**
 * Gateway routes, by path. A path is unique across both kinds: a document's internal route
 * whose path the target has as an external one is refused as the route editor refuses it.
 */
const read = (db: Tx, path: string, kind?: GatewayKind) => {
  let query = gateways.from(appsDb(db)).selectAll().where('path', '=', path)
  if (kind) query = query.where('kind', '=', kind)
  return query.executeTakeFirst()
}

export async function gatewayRouteEntry(db: Tx, path: string): Promise<GatewayRouteEntry | undefined> {
  const r = await read(db, path)
  return r && { kind: r.kind as GatewayKind, path: r.path, prefix: r.prefix, targetService: r.target_service, serviceType: r.service_type, authType: r.auth_type, status: r.status }
}

export function gatewayRouteCandidate(entry: GatewayRouteEntry): Candidate {
  const { kind, ...fields } = entry
  // An external route has no prefix: its schema leaves the field out.
  const editor = kind === 'internal' ? internalCreate : externalCreate
  const input = () => parseAs(editor.input, fields)
  return {
    kind: 'gatewayRoute',
    code: entry.path,
    editor,
    incoming: { ...entry },
    secrets: [],
    async read(tx): Promise<Existing | undefined> {
      const stored = await read(tx, entry.path, kind)
      if (!stored) return undefined
      const current = (await gatewayRouteEntry(tx, entry.path))!
      return { id: stored.id, fields: { ...current }, secretMatches: () => false, change: async (tx) => void (await saveGatewayRoute(appsDb(tx), kind, stored.id, input())) }
    },
    create: async (tx) => void (await saveGatewayRoute(appsDb(tx), kind, null, input())),
  }
}

