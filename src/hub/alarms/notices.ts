import type { AlarmNoticeKind } from '../../shared/rules/alarms/outbox'
import type { WebhookKind } from '../../shared/rules/alarms/incidents'
import type { AlarmTarget } from './objects'
import type { AlarmDb } from './tables'

/** Where one notice goes, fixed when it is written (a webhook's URL and secret are read at sending). */
export type NoticeTarget = { channel: 'email'; to: string[] } | { webhook: string } | { url: string; kind: WebhookKind } | { sms: string }

/** The outbox body of an alarm, reminder or recovery notice. */
export interface NoticeBody {
  kind: AlarmNoticeKind
  rule: string
  objectType: string
  objectId: string
  objectName: string
  topicCode: string
  count: number
  openedAt: string
  lastSeenAt: string
  resolvedAt: string | null
  error: string
  target: NoticeTarget
}

const isUrl = (v: string) => /^https?:\/\//i.test(v)

/**
 * The object's targets as outbox rows: the channel the message centre shows (a webhook code's own
 * kind), the key that writes each notice once, and the target. A code naming no enabled webhook
 * is skipped: the alarm goes where it can.
 */
type Planned = { channel: string; key: string; target: NoticeTarget }

export async function noticeTargets(db: AlarmDb, targets: readonly AlarmTarget[]): Promise<Planned[]> {
  const codes = targets.flatMap((t) => (t.channel !== 'email' && t.channel !== 'mobile' && !isUrl(t.to) ? [t.to] : []))
  const hooks = codes.length === 0 ? [] : await db.selectFrom('dh_alarm_webhooks').select(['code', 'kind']).where('code', 'in', codes).where('status', '=', '1').execute()
  const kindOf = new Map(hooks.map((h) => [h.code, h.kind]))
  return targets.flatMap((t): Planned[] => {
    if (t.channel === 'email') return [{ channel: 'email', key: `email:${t.to.join(',')}`, target: t }]
    // Through the SMS gateway as it is configured when the notice is sent.
    if (t.channel === 'mobile') return [{ channel: 'sms', key: `sms:${t.to}`, target: { sms: t.to } }]
    if (isUrl(t.to)) {
      const kind: WebhookKind = t.channel === 'dingding' ? 'dingtalk' : 'http'
      return [{ channel: kind, key: `${kind}:${t.to}`, target: { url: t.to, kind } }]
    }
    const kind = kindOf.get(t.to)
    return kind ? [{ channel: kind, key: `webhook:${t.to}`, target: { webhook: t.to } }] : []
  })
}
