import nodemailer from 'nodemailer'
import { translateMessage } from '../../../../locales'
import type { Locale } from '../../../shared/locale'
import { mailAuthFailed, mailRefused, mailUnreachable } from './refusals'

export interface MailServer {
  host: string
  port: number
  ssl: boolean
  account: string
  password: string
  senderName: string
}

/**
 * How long one test may wait at each step. A user is waiting on a dialog: a dead address must
 * fail within seconds, not hang until the console's own timeout.
 */
const TIMEOUT_MS = 10_000

/** nodemailer's codes for "could not talk to the server at all". */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'EPROTOCOL', 'EGREETING'])

/** The first line of the server's answer or the error, without anything multi-line. */
const reasonOf = (err: { response?: string; message?: string }): string => (err.response ?? err.message ?? '').split('\n')[0]!.slice(0, 200)

/**
 * Sends one test mail through the server, in the caller's language, and returns the message
 * id the server accepted. The hub connects to whatever host the administrator configured:
 * mail servers are usually on the company network, so private addresses are allowed (unlike
 * WSDL fetching); only holders of the email-server permission can trigger it.
 */
export async function sendTestMail(server: MailServer, to: string, locale: Locale): Promise<string> {
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    // SSL on: TLS from the first byte (465); off: STARTTLS when the server offers it.
    secure: server.ssl,
    auth: { user: server.account, pass: server.password },
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  })
  const subject = translateMessage(locale, 'msg_email_test_subject')
  try {
    const info = await transport.sendMail({
      from: { name: server.senderName || server.account, address: server.account },
      to,
      subject,
      text: translateMessage(locale, 'msg_email_test_body', { host: server.host, port: server.port }),
    })
    return String(info.messageId ?? '')
  } catch (err) {
    const e = err as { code?: string; response?: string; message?: string }
    const target = { host: server.host, port: server.port }
    if (e.code === 'EAUTH') throw mailAuthFailed({ ...target, reason: reasonOf(e) })
    if (e.code && UNREACHABLE.has(e.code)) throw mailUnreachable({ ...target, reason: reasonOf(e) })
    throw mailRefused({ ...target, reason: reasonOf(e) })
  } finally {
    transport.close()
  }
}
