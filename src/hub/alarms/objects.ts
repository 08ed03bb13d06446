import { alarmConfigSchema } from '../../shared/contract/datahub/common'
import { splitList } from '../../shared/rules/platform/messaging/channel'
import type { AlarmObjectType } from '../../shared/rules/alarms/incidents'
import type { AlarmDb } from './tables'

/** Where an object's alarms go (one entry per target), read from its alarm settings now. */
export type AlarmTarget = { channel: 'email'; to: string[] } | { channel: 'dingding' | 'http'; to: string }

/** What the notices of an object say about it, and whether it wants alarms at all. */
export interface AlarmObject {
  type: AlarmObjectType
  id: string
  name: string
  topicCode: string
  /** alarmStatus '1' */
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
 * mobile needs an SMS gateway, which this hub does not have yet: such entries send nothing.
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
    if (e.type !== 'dingding' && e.type !== 'http') continue
    for (const to of splitList(e.receiver)) targets.push({ channel: e.type, to })
  }
  return targets
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
  return null
}
