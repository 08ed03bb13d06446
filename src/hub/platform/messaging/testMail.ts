import { translateMessage } from '../../../../locales'
import type { Locale } from '../../../shared/locale'
import { MailFailure, sendMail, type MailServer } from '../../kernel/mail/mailer'
import { mailAuthFailed, mailRefused, mailUnreachable } from './refusals'

const REFUSALS = { unreachable: mailUnreachable, auth: mailAuthFailed, refused: mailRefused }

/**
 * Sends one test mail through the server, in the caller's language, and returns the message
 * id the server accepted; a failure is answered as the refusal of its kind.
 */
export async function sendTestMail(server: MailServer, to: string, locale: Locale): Promise<string> {
  try {
    return await sendMail(server, {
      to,
      subject: translateMessage(locale, 'msg_email_test_subject'),
      text: translateMessage(locale, 'msg_email_test_body', { host: server.host, port: server.port }),
    })
  } catch (err) {
    if (err instanceof MailFailure) throw REFUSALS[err.kind]({ host: server.host, port: server.port, reason: err.reason })
    throw err
  }
}
