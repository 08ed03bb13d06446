import { alarmConfigSchema } from '../../shared/contract/datahub/common'
import { splitList } from '../../shared/rules/platform/messaging/channel'
import type { AlarmObjectType } from '../../shared/rules/alarms/incidents'
import { sourceUsers } from './watch/sourceUsers'
import type { AlarmDb } from './tables'

/** Where an object's alarms go (one entry per target), read from its alarm settings now. */
export type AlarmTarget = { channel: 'email'; to: string[] } | { channel: 'dingding' | 'http' | 'mobile'; to: string }

/** What the notices of an object say about it, and whether it wants alarms at all. */
export interface AlarmObject {
  type: AlarmObjectType
  id: string
  name: string
  topicCode: string
  /** alarmStatus '1' (objects without one: on) */
  on: boolean
  targets: AlarmTarget[]
}

const partialAlarm = alarmConfigSchema.partial()

/**
 * The targets of an alarm configuration (spec part 1 §3: objData entries of type email, mobile,
 * dingding, http, each with status and receiver; receiveEmail, and a consumer's extraEmail).
 * email: the entry's receivers with receiveEmail and extraEmail, one mail to all of them.
 * dingding and http: each receiver is the code of an alarm webhook (its kind and signing secret
 * are the webhook's) or a URL (a DingTalk robot, or a generic webhook, without a signature).
 * mobile: each receiver is a mobile number, sent an SMS through the hub's SMS gateway (send/sms.ts).
 */
export function targetsOf(alarm: string, receiveEmail: string, extraEmail: string): AlarmTarget[] {
  let entries: { type: string; status: string; receiver: string }[] = []
  try {
    entries = partialAlarm.safeParse(JSON.parse(alarm || '{}')).data?.objData ?? []
  } catch {
    entries = []
  }
  const on = entries.filter((e) => e.status === '1')
  const mail = [...new Set([...on.filter((e) => e.type === 'email').flatMap((e) => splitList(e.receiver)), ...splitList(receiveEmail), ...splitList(extraEmail)])]
  const targets: AlarmTarget[] = mail.length > 0 ? [{ channel: 'email', to: mail }] : []
  for (const e of on) {
    if (e.type !== 'dingding' && e.type !== 'http' && e.type !== 'mobile') continue
    for (const to of splitList(e.receiver)) targets.push({ channel: e.type, to })
  }
  return targets
}

/** The same target named twice (two users of one data source) is sent once. */
const keyOf = (t: AlarmTarget) => `${t.channel}:${Array.isArray(t.to) ? t.to.join(',') : t.to}`
function distinct(targets: readonly AlarmTarget[]): AlarmTarget[] {
  const mail = [...new Set(targets.flatMap((t) => (t.channel === 'email' ? t.to : [])))]
  const rest = new Map(targets.filter((t) => t.channel !== 'email').map((t) => [keyOf(t), t]))
  return [...(mail.length > 0 ? [{ channel: 'email' as const, to: mail }] : []), ...rest.values()]
}

/** The object as its alarms see it now; null when it is gone. */
export async function alarmObject(db: AlarmDb, type: string, id: string): Promise<AlarmObject | null> {
  if (type === 'consumer') {
    const c = await db
      .selectFrom('consumers')
      .select(['id', 'application_name', 'application_code', 'topic_code', 'alarm', 'alarm_status', 'receive_email', 'extra_email'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!c) return null
    return { type, id, name: c.application_name || c.application_code, topicCode: c.topic_code, on: c.alarm_status === '1', targets: targetsOf(c.alarm, c.receive_email, c.extra_email) }
  }
  if (type === 'producer') {
    const p = await db.selectFrom('producers').select(['id', 'app_name', 'app_code', 'topic_code', 'alarm', 'alarm_status', 'receive_email']).where('id', '=', id).executeTakeFirst()
    if (!p) return null
    return { type, id, name: p.app_name || p.app_code, topicCode: p.topic_code, on: p.alarm_status === '1', targets: targetsOf(p.alarm, p.receive_email, '') }
  }
  if (type === 'datasource') {
    // A data source has no alarm settings: its producers and consumers that want alarms hear of it.
    const s = await db.selectFrom('datasources').select(['id', 'name']).where('id', '=', id).executeTakeFirst()
    if (!s) return null
    const users = (await sourceUsers(db)).get(s.name) ?? []
    const on = users.filter((u) => u.alarm_status === '1')
    const targets = distinct(on.flatMap((u) => targetsOf(u.alarm, u.receive_email, u.extra_email)))
    return { type, id, name: s.name, topicCode: [...new Set(on.map((u) => u.topic_code))].join(','), on: on.length > 0, targets }
  }
  if (type === 'licence' || type === 'node') {
    // Platform objects: the rule's own receivers.
    const rule = await db.selectFrom('dh_alarm_rules').select('receivers').where('object_type', '=', type).executeTakeFirst()
    const name = type === 'licence' ? ((await db.selectFrom('licences').select('product_name_en').where('id', '=', id).executeTakeFirst())?.product_name_en ?? id) : id
    return { type, id, name, topicCode: '', on: true, targets: targetsOf(rule?.receivers ?? '', '', '') }
  }
  return null
}
