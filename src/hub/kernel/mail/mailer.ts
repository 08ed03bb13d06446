import nodemailer from 'nodemailer'

export interface MailServer {
  host: string
  port: number
  ssl: boolean
  account: string
  password: string
  senderName: string
}

export interface Mail {
  to: string | string[]
  subject: string
  text: string
}

/**
 * How long a send may wait at each step (connect, greeting, each reply). A dead address must
 * fail within seconds: a user waits on the test dialog, and the runtime on its outbox.
 */
const TIMEOUT_MS = 10_000

/** nodemailer's codes for "could not talk to the server at all". */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'EPROTOCOL', 'EGREETING'])

/** Why a mail was not sent: the server was not reached, refused the account, or refused the mail. */
export class MailFailure extends Error {
  constructor(
    readonly kind: 'unreachable' | 'auth' | 'refused',
    /** The first line of the server's answer or the error. */
    readonly reason: string,
  ) {
    super(reason)
    this.name = 'MailFailure'
  }
}

const firstLine = (err: { response?: string; message?: string }): string => (err.response ?? err.message ?? '').split('\n')[0]!.slice(0, 200)

/**
 * Sends one plain-text mail through `server` as its account (shown with its sender name) and
 * returns the message id the server accepted. The hub connects to whatever host the
 * administrator configured: mail servers are usually on the company network, so private
 * addresses are allowed (unlike WSDL fetching); only holders of the email-server permission set
 * them. `signal` gives up a send in progress (the connection is closed).
 */
export async function sendMail(server: MailServer, mail: Mail, signal?: AbortSignal): Promise<string> {
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
  const giveUp = () => transport.close()
  signal?.addEventListener('abort', giveUp, { once: true })
  try {
    if (signal?.aborted) throw new MailFailure('unreachable', 'the send ran out of time')
    const info = await transport.sendMail({ from: { name: server.senderName || server.account, address: server.account }, ...mail })
    return String(info.messageId ?? '')
  } catch (err) {
    if (err instanceof MailFailure) throw err
    const e = err as { code?: string; response?: string; message?: string }
    if (e.code === 'EAUTH') throw new MailFailure('auth', firstLine(e))
    if (signal?.aborted || (e.code && UNREACHABLE.has(e.code))) throw new MailFailure('unreachable', signal?.aborted ? 'the send ran out of time' : firstLine(e))
    throw new MailFailure('refused', firstLine(e))
  } finally {
    signal?.removeEventListener('abort', giveUp)
    transport.close()
  }
}
