import * as contract from '../../../shared/contract/alarms/incidents'
import type { Incident } from '../../../shared/contract/alarms/incidents'
import { ResultCode } from '../../../shared/envelope'
import { author } from '../../datahub/saving'
import { route } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { page } from '../../store/paging'
import { alarmDb, type AlarmDb, type AlarmRulesTable, type IncidentRow } from '../tables'
import type { Locale } from '../../../shared/locale'
import { encodeText, keyed, renderStored } from '../../text/keyedText'

/** The alert centre: incidents (list, acknowledge, resolve) and the rules' settings. */

const toIncident = (r: IncidentRow, alarmChannels: number, locale: Locale): Incident => ({
  id: r.id, rule: r.rule as Incident['rule'], objectType: r.object_type as Incident['objectType'], objectId: r.object_id, objectName: r.object_name, topicCode: r.topic_code,
  state: r.state as Incident['state'], openedAt: r.opened_at, lastSeenAt: r.last_seen_at, count: r.count, lastError: renderStored(locale, r.last_error), notifiedAt: r.notified_at,
  acknowledgedBy: r.acknowledged_by, acknowledgedAt: r.acknowledged_at, resolvedAt: r.resolved_at, resolvedBy: r.resolved_by, alarmChannels,
})

/** The alarm notices written per incident of the page: an incident with none reached no channel. */
async function alarmChannelsOf(db: AlarmDb, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('dh_callbacks')
    .select('incident_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('incident_id', 'in', ids)
    .where('kind', '=', 'alarm')
    .groupBy('incident_id')
    .execute()
  return new Map(rows.map((r) => [String(r.incident_id), Number(r.n)]))
}

export const incidentList = route(contract.incidentList, async (q, call) => {
  const db = alarmDb(call.hub.store.db)
  let query = db.selectFrom('dh_incidents')
  if (q.state) query = query.where('state', '=', q.state)
  if (q.rule) query = query.where('rule', '=', q.rule)
  if (q.objectType) query = query.where('object_type', '=', q.objectType)
  if (q.objectId) query = query.where('object_id', '=', q.objectId)
  if (q.seenFrom) query = query.where('last_seen_at', '>=', q.seenFrom)
  if (q.seenTo) query = query.where('last_seen_at', '<=', q.seenTo)
  return page(query.selectAll().orderBy('state', 'asc').orderBy('last_seen_at', 'desc').orderBy('id'), q, async (rows) => {
    const channels = await alarmChannelsOf(db, rows.map((r) => r.id))
    return rows.map((r) => toIncident(r, channels.get(r.id) ?? 0, call.locale))
  })
})

/** Refused when none of the ids names an incident; an already resolved one is not counted. */
async function known(db: AlarmDb, ids: readonly string[]): Promise<void> {
  const found = await db.selectFrom('dh_incidents').select('id').where('id', 'in', ids).executeTakeFirst()
  if (!found) throw new Refusal(ResultCode.notFound, 'msg_incident_not_found')
}

export const incidentAcknowledge = route(contract.incidentAcknowledge, async ({ ids }, call) => {
  const db = alarmDb(call.hub.store.db)
  await known(db, ids)
  const who = await author(call)
  const result = await db.updateTable('dh_incidents').set({ acknowledged_by: who.username, acknowledged_at: who.at }).where('id', 'in', ids).where('state', '=', 'open').executeTakeFirst()
  return { count: Number(result.numUpdatedRows) }
})

export const incidentResolve = route(contract.incidentResolve, async ({ ids }, call) => {
  const db = alarmDb(call.hub.store.db)
  await known(db, ids)
  const who = await author(call)
  const open = await db.selectFrom('dh_incidents').select('id').where('id', 'in', ids).where('state', '=', 'open').execute()
  if (open.length === 0) throw new Refusal(ResultCode.conflict, 'msg_incident_resolved')
  const openIds = open.map((r) => r.id)
  const result = await db.updateTable('dh_incidents').set({ state: 'resolved', resolved_at: who.at, resolved_by: who.username }).where('id', 'in', openIds).where('state', '=', 'open').executeTakeFirst()
  await db.updateTable('dh_callbacks').set({ status: 'discarded', finished_at: who.at, last_error: encodeText(keyed('msg_exchange_incident_resolved')) }).where('incident_id', 'in', openIds).where('kind', '=', 'reminder').where('status', 'in', ['pending', 'scheduled']).execute()
  // The object's failures in a row start again from nothing.
  const resolved = await db.selectFrom('dh_incidents').select(['rule', 'object_id']).where('id', 'in', openIds).execute()
  for (const r of resolved) await db.deleteFrom('dh_alarm_streaks').where('rule', '=', r.rule).where('object_id', '=', r.object_id).execute()
  return { count: Number(result.numUpdatedRows) }
})

const toRule = (r: AlarmRulesTable) => ({
  id: r.rule, rule: r.rule as Incident['rule'], objectType: r.object_type as Incident['objectType'], enabled: r.enabled as '0' | '1', threshold: r.threshold, reminderMinutes: r.reminder_minutes,
  periodSeconds: r.period_seconds, receivers: r.receivers, updatedAt: r.updated_at, updatedBy: r.updated_by,
})

export const alarmRuleList = route(contract.alarmRuleList, async (_, call) => {
  const rows = await alarmDb(call.hub.store.db).selectFrom('dh_alarm_rules').selectAll().orderBy('object_type').orderBy('rule').execute()
  return rows.map(toRule)
})

export const alarmRuleUpdate = route(contract.alarmRuleUpdate, async (input, call) => {
  const db = alarmDb(call.hub.store.db)
  const who = await author(call)
  const result = await db
    .updateTable('dh_alarm_rules')
    .set({
      enabled: input.enabled, threshold: input.threshold, reminder_minutes: input.reminderMinutes, updated_at: who.at, updated_by: who.username,
      ...(input.periodSeconds !== undefined ? { period_seconds: input.periodSeconds } : {}),
      ...(input.receivers !== undefined ? { receivers: input.receivers } : {}),
    })
    .where('rule', '=', input.rule)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new Refusal(ResultCode.notFound, 'msg_alarm_rule_not_found')
  return toRule(await db.selectFrom('dh_alarm_rules').selectAll().where('rule', '=', input.rule).executeTakeFirstOrThrow())
})
