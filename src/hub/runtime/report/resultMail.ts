import { translateMessage } from '../../../../locales'
import type { Locale } from '../../../shared/locale'
import type { HubContext } from '../../http/context'
import { recipientsOf, sendHubMail } from '../../platform/messaging/hubMail'
import { renderStored } from '../../text/keyedText'

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
