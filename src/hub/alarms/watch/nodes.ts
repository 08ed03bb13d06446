import { hostname } from 'node:os'
import { isoNow } from '../../store/ids'
import type { RuleSettings } from '../rules'
import type { AlarmDb } from '../tables'
import { settle, type Failing } from './conditions'
import { encodeText, keyed } from '../../text/keyedText'

/**
 * node_silent (PostgreSQL stores, where several hub nodes share the store): every node writes
 * its heartbeat row (dh_hub_nodes) on each watch pass; the node holding the watch lease raises
 * for every other node silent past the threshold, and clears the incident when it beats again.
 * A node that stops cleanly deletes its row (a planned stop is no alarm); a restarted node
 * comes back under the same id (host:port), so its silence clears.
 */
export async function beat(db: AlarmDb, nodeId: string, startedAt: string, now: number): Promise<void> {
  await db
    .insertInto('dh_hub_nodes')
    .values({ node_id: nodeId, host: hostname(), started_at: startedAt, beat_at: isoNow(now) })
    .onConflict((oc) => oc.column('node_id').doUpdateSet({ beat_at: isoNow(now), started_at: startedAt }))
    .execute()
}

export async function leave(db: AlarmDb, nodeId: string): Promise<void> {
  await db.deleteFrom('dh_hub_nodes').where('node_id', '=', nodeId).execute()
}

export async function checkNodes(db: AlarmDb, settings: RuleSettings, self: string, now: number): Promise<void> {
  if (!settings.enabled) return
  const nodes = await db.selectFrom('dh_hub_nodes').selectAll().execute()
  const cutoff = now - settings.threshold * 1000
  const failing: Failing[] = nodes
    .filter((n) => n.node_id !== self && Date.parse(n.beat_at) < cutoff)
    .map((n) => ({ type: 'node', id: n.node_id, detail: encodeText(keyed('msg_exchange_alarm_node', { node: n.node_id, host: n.host, since: n.beat_at })) }))
  const beating = new Set(nodes.filter((n) => Date.parse(n.beat_at) >= cutoff).map((n) => n.node_id))
  const known = new Set(nodes.map((n) => n.node_id))
  await settle(db, settings, failing, (incident) => beating.has(incident.object_id) || !known.has(incident.object_id), now)
}
