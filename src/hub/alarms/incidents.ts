import type { Insertable } from 'kysely'
import type { AlarmNoticeKind } from '../../shared/rules/alarms/outbox'
import type { CallbacksTable } from '../runtime/tables'
import { isoNow, newId } from '../store/ids'
import { alarmObject, type AlarmObject } from './objects'
import type { RuleSettings } from './rules'
import type { AlarmDb, IncidentRow } from './tables'
import { noticeTargets, type NoticeBody } from './notices'
import { encodeText, keyed } from '../text/keyedText'

/**
 * Incidents: one open per (rule, object) at most (a unique partial index). raise opens one with
 * its alarm notices, or counts a repeat — re-notifying only as a reminder once the rule's
 * interval has passed since the last notice; recover closes it with a recovery notice.
 *
 * Every incident speaks for itself: two rules open on one object (a consumer failing in a row
 * whose deliveries also go dead, or one lagging too) each send their alarm and recovery, because
 * each clears on its own cause (issue 33: the second one's alarm never reached the webhook).
 * `notified_at` is null only on incidents kept silent before that (an earlier version let one
 * rule speak for the object): such a one sends its alarm on its next repeat, and no recovery
 * for an alarm it never sent.
 */

/** How long a notice stays worth sending: an alarm a day late is noise, not news. */
export const NOTICE_TTL_MS = 24 * 3600_000

const openOf = (db: AlarmDb, rule: string, type: string, id: string) =>
  db.selectFrom('dh_incidents').selectAll().where('rule', '=', rule).where('object_type', '=', type).where('object_id', '=', id).where('state', '=', 'open').executeTakeFirst()

/**
 * `times` alarms of `rule` on the object, the last seen at `at` with `detail`. Quiet when the
 * rule is off or the object's alarmStatus is off.
 */
export async function raise(db: AlarmDb, settings: RuleSettings, object: AlarmObject, at: string, detail: string, times: number, now: number): Promise<void> {
  if (!settings.enabled || !object.on) return
  const open = await openOf(db, settings.rule, object.type, object.id)
  if (!open) {
    const incident: IncidentRow = {
      id: newId(), rule: settings.rule, object_type: object.type, object_id: object.id, object_name: object.name, topic_code: object.topicCode, state: 'open',
      opened_at: at, last_seen_at: at, count: times, last_error: detail, notified_at: isoNow(now), acknowledged_by: '', acknowledged_at: null, resolved_at: null, resolved_by: '',
    }
    const inserted = await db.insertInto('dh_incidents').values(incident).onConflict((oc) => oc.doNothing()).executeTakeFirst()
    // Another node opened it meanwhile: this one is a repeat of that.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return raise(db, settings, object, at, detail, times, now)
    await writeNotices(db, 'alarm', incident, object, now)
    return
  }
  // One kept silent by an earlier version: its first notice is its alarm.
  const unspoken = open.notified_at === null
  const remind = unspoken || Date.parse(open.notified_at!) + settings.reminderMs <= now
  const seen = at > open.last_seen_at ? at : open.last_seen_at
  const changed = await db
    .updateTable('dh_incidents')
    .set((eb) => ({ count: eb('count', '+', times), last_seen_at: seen, last_error: detail, ...(remind ? { notified_at: isoNow(now) } : {}) }))
    .where('id', '=', open.id)
    .where('state', '=', 'open')
    .where('notified_at', open.notified_at === null ? 'is' : '=', open.notified_at)
    .executeTakeFirst()
  // Lost a race with another node's count: count again on the row as it is now.
  if (Number(changed.numUpdatedRows) !== 1) return raise(db, settings, object, at, detail, times, now)
  if (remind) await writeNotices(db, unspoken ? 'alarm' : 'reminder', { ...open, count: open.count + times, last_seen_at: seen, last_error: detail, notified_at: isoNow(now) }, object, now)
}

/** The incident cleared (the object worked again): resolved, and a recovery notice when it wants alarms. */
export async function recover(db: AlarmDb, incident: IncidentRow, now: number): Promise<void> {
  const at = isoNow(now)
  const changed = await db.updateTable('dh_incidents').set({ state: 'resolved', resolved_at: at, resolved_by: '' }).where('id', '=', incident.id).where('state', '=', 'open').executeTakeFirst()
  if (Number(changed.numUpdatedRows) !== 1) return
  // Reminders not sent yet are moot now.
  await db.updateTable('dh_callbacks').set({ status: 'discarded', finished_at: at, last_error: encodeText(keyed('msg_exchange_incident_resolved')) }).where('incident_id', '=', incident.id).where('kind', '=', 'reminder').where('status', 'in', ['pending', 'scheduled']).execute()
  // One that never spoke (kept silent by an earlier version) has nothing to take back.
  if (incident.notified_at === null) return
  const object = await alarmObject(db, incident.object_type, incident.object_id)
  if (object?.on) await writeNotices(db, 'recovery', { ...incident, state: 'resolved', resolved_at: at }, object, now)
}

/** One outbox row per target of the object, written once per incident, kind and time. */
async function writeNotices(db: AlarmDb, kind: AlarmNoticeKind, incident: IncidentRow, object: AlarmObject, now: number): Promise<void> {
  const at = isoNow(now)
  const body: Omit<NoticeBody, 'target'> = {
    kind, rule: incident.rule, objectType: incident.object_type, objectId: incident.object_id, objectName: object.name, topicCode: object.topicCode,
    count: incident.count, openedAt: incident.opened_at, lastSeenAt: incident.last_seen_at, resolvedAt: incident.resolved_at, error: incident.last_error,
  }
  const stamp = kind === 'reminder' ? at : ''
  const rows: Insertable<CallbacksTable>[] = (await noticeTargets(db, object.targets)).map(({ channel, key, target }) => ({
    id: newId(), message_id: incident.id, incident_id: incident.id, kind, owner_id: object.id, object_type: object.type, object_id: object.id, channel,
    consumer_key: `${kind}:${stamp}:${key}`, title: `${object.name} · ${object.topicCode}`, status: 'pending', attempts: 0, next_attempt_at: at, lease_until: null,
    body: JSON.stringify({ ...body, target }), last_error: '', created_at: at, finished_at: null, expires_at: isoNow(now + NOTICE_TTL_MS),
  }))
  if (rows.length > 0) await db.insertInto('dh_callbacks').values(rows).onConflict((oc) => oc.columns(['message_id', 'consumer_key']).doNothing()).execute()
}
