import { translateMessage } from '../../../../locales'
import { splitList } from '../../../shared/rules/platform/messaging/channel'
import { isMailAddress } from '../../../shared/rules/platform/messaging/common'
import type { Locale } from '../../../shared/locale'
import { secretKey } from '../../datahub/dataSources/secrets'
import type { HubContext } from '../../http/context'
import { defaultMailServer } from '../../platform/messaging/emailServers'
import { MailFailure, sendMail } from '../../platform/messaging/mailer'
import { messagingDb } from '../../platform/messaging/tables'
import { DeliveryError } from '../deliver/types'
import { keyed, renderStored } from '../../text/keyedText'

/** What a result notification reports of one delivery (the outbox body of notify_* rows). */
export interface ResultReport {
  messageId: string
  topicCode: string
  consumerId: string
  applicationName: string
  status: string
  attempts: number
  error: string
  finishedAt: string | null
  /** The error as the store keeps it (notifications.ts), told in each language of the mail; absent in rows queued before. */
  storedError?: string
}

/** Recipients travel as one text (the console says "separate addresses with commas"). */
export function recipientsOf(receiver: string | readonly string[]): string[] {
  const list = splitList(receiver)
  if (list.length === 0) throw new DeliveryError(keyed('msg_exchange_mail_no_recipient'), true)
  const wrong = list.find((a) => !isMailAddress(a))
  if (wrong) throw new DeliveryError(keyed('msg_exchange_mail_bad_address', { address: wrong }), true)
  return list
}

/** The report in one language; both go into the mail, since recipients' languages are unknown. */
function inLocale(locale: Locale, report: ResultReport) {
  const params = {
    messageId: report.messageId,
    topicCode: report.topicCode,
    consumer: report.applicationName ? `${report.applicationName} (${report.consumerId})` : report.consumerId,
    status: translateMessage(locale, report.status === 'success' ? 'msg_runtime_notify_success' : 'msg_runtime_notify_failed'),
    attempts: report.attempts,
    finishedAt: report.finishedAt ?? '',
    error: (report.storedError === undefined ? report.error : renderStored(locale, report.storedError)) || translateMessage(locale, 'msg_runtime_notify_no_error'),
  }
  return { subject: translateMessage(locale, 'msg_runtime_notify_mail_subject', params), text: translateMessage(locale, 'msg_runtime_notify_mail_body', params) }
}

/**
 * An email result notification: a short report (message, topic, consumer, outcome, tries,
 * error) in Chinese then English, sent through the platform's default email server, the one
 * the hub's own mail uses. No template: the email templates are the operator's, with no code
 * the hub could rely on. Without any email server the notification cannot be sent (permanent);
 * a server that fails is tried again like any notification.
 */
export async function sendResultMail(hub: Pick<HubContext, 'store' | 'config'>, receiver: string, report: ResultReport, signal: AbortSignal): Promise<void> {
  const to = recipientsOf(receiver)
  const zh = inLocale('zh-CN', report)
  const en = inLocale('en', report)
  await sendHubMail(hub, to, `${zh.subject} / ${en.subject}`, `${zh.text}\n\n${en.text}`, signal)
}

/**
 * A mail of the hub's own (result notifications, alarms) through the platform's default email
 * server. Without any email server it cannot be sent (permanent); a server that fails is a
 * failed try, tried again like any notice.
 */
export async function sendHubMail(hub: Pick<HubContext, 'store' | 'config'>, to: string[], subject: string, text: string, signal: AbortSignal): Promise<void> {
  const server = await defaultMailServer(messagingDb(hub.store.db), secretKey(hub.config.dataDir))
  if (!server) throw new DeliveryError(keyed('msg_exchange_mail_no_server'), true)
  try {
    await sendMail(server, { to, subject, text }, signal)
  } catch (err) {
    if (err instanceof MailFailure) throw new DeliveryError(
        keyed(err.kind === 'auth' ? 'msg_exchange_mail_auth' : err.kind === 'unreachable' ? 'msg_exchange_mail_unreachable' : 'msg_exchange_mail_refused', { host: server.host, port: server.port, reason: err.reason }),
      )
    throw err
  }
}
