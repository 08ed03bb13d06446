import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { HUB_READINESS, type Readiness } from '../../shared/contract/platform/readiness'
import { ResultCode } from '../../shared/envelope'
import { LATEST_MIGRATION } from '../store/migrations'
import { envelope, requestLocale } from './answers'
import type { HubContext } from './context'

/** How long the store may take to answer the readiness probe's `select 1`. */
const STORE_PROBE_MS = 2000

/** What startHub tells the probe of the exchange runtime: starting until it runs, stopping once the hub closes. */
export interface RuntimeState {
  runtime: Readiness['runtime']
}

async function probeStore(db: Kysely<unknown>): Promise<{ store: string; schema: string | null }> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${STORE_PROBE_MS} ms`)), STORE_PROBE_MS)))
  try {
    return await Promise.race([
      (async () => {
        await sql`select 1`.execute(db)
        const row = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db)
        return { store: 'ok', schema: row.rows[0]?.name ?? null }
      })(),
      late,
    ])
  } catch (err) {
    return { store: err instanceof Error ? err.message : String(err), schema: null }
  } finally {
    clearTimeout(timer)
  }
}

/** GET /api/ready: 200 with the envelope when this node should get traffic, 503 with the reason when not. */
export function readinessRoute(hub: HubContext) {
  return async (scope: FastifyInstance) => {
    scope.get(HUB_READINESS.path, async (request, reply) => {
      const { store, schema } = await probeStore(hub.store.db as Kysely<unknown>)
      const runtime = hub.runtime?.runtime ?? 'off'
      const readiness: Readiness = {
        // A store a newer version has migrated further is served too: nodes of two versions run
        // side by side during a rolling upgrade (migrations expand first). One behind is not.
        ready: store === 'ok' && schema !== null && schema >= LATEST_MIGRATION && (runtime === 'running' || runtime === 'off'),
        store,
        schema: { store: schema, expected: LATEST_MIGRATION },
        runtime,
      }
      const locale = requestLocale(request)
      const body = readiness.ready
        ? envelope(locale, ResultCode.success, 'msg_hub_ready', readiness)
        : envelope(locale, ResultCode.hubUnreachable, 'msg_hub_not_ready', readiness, { reason: notReadyReason(readiness) })
      return reply.code(readiness.ready ? 200 : 503).header('cache-control', 'no-store').send(body)
    })
  }
}

/** The first thing that keeps the node from being ready, for the message (not translated: names and states). */
function notReadyReason(r: Readiness): string {
  if (r.store !== 'ok') return `store: ${r.store}`
  if (r.schema.store === null || r.schema.store < r.schema.expected) return `schema ${r.schema.store ?? 'none'}, expected ${r.schema.expected}`
  return `runtime ${r.runtime}`
}
