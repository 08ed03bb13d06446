import type { HubContext } from '../../http/context'
import { messagingDb } from '../../platform/messaging/tables'
import { recipientsOf, sendHubMail } from '../../platform/messaging/hubMail'
import type { NoticeBody } from '../notices'
import { bilingual } from '../text'
import { translateMessage } from '../../../../locales'
import { renderStored } from '../../text/keyedText'

/**
 * The email template an operator may write for alarm mails (platform administration → email
 * templates). Its `{{placeholders}}` are filled with the notice in Chinese and English:
 * kind, rule, objectType, object, objectId, topicCode, openedAt, lastSeenAt, resolvedAt, count,
 * error. Without it, the hub's own text (both languages) is sent.
 */
export const ALARM_TEMPLATE_CODE = 'DH_ALARM'

type Notice = Omit<NoticeBody, 'target'>

function fromTemplate(template: { subject: string; content: string }, n: Notice) {
  const both = (key: string) => `${translateMessage('zh-CN', key)} / ${translateMessage('en', key)}`
  const values: Record<string, string> = {
    kind: both(`msg_alarm_kind_${n.kind}`),
    object: n.objectName || n.objectId,
    objectId: n.objectId,
    objectType: both(`msg_alarm_object_${n.objectType}`),
    rule: both(`msg_alarm_rule_${n.rule}`),
    topicCode: n.topicCode,
    openedAt: n.openedAt,
    lastSeenAt: n.lastSeenAt,
    resolvedAt: n.resolvedAt ?? '',
    count: String(n.count),
    // The error in both languages too, as the rest of the template's values.
    error: n.error ? `${renderStored('zh-CN', n.error)} / ${renderStored('en', n.error)}` : '',
  }
  const fill = (text: string) => text.replace(/\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g, (_, name: string) => values[name] ?? '')
  return { subject: fill(template.subject), text: fill(template.content) }
}

/** An alarm mail to the object's recipients through the default email server. */
export async function sendAlarmMail(hub: Pick<HubContext, 'store' | 'config'>, to: readonly string[], notice: Notice, signal: AbortSignal): Promise<void> {
  const recipients = recipientsOf(to)
  const template = await messagingDb(hub.store.db).selectFrom('email_templates').select(['subject', 'content']).where('code', '=', ALARM_TEMPLATE_CODE).executeTakeFirst()
  const mail = template ? fromTemplate(template, notice) : bilingual(notice)
  await sendHubMail(hub, recipients, mail.subject, mail.text, signal)
}
