import { SMTPServer } from 'smtp-server'

/**
 * A local SMTP server for tests: 127.0.0.1 on a random port, no TLS, plain AUTH with the one
 * account it is given (a wrong password is refused like a real server would), every accepted
 * mail kept in `mails` with its envelope, decoded subject and raw text.
 */
export interface SunkMail {
  /** Envelope sender and recipients, as the client gave them. */
  from: string
  to: string[]
  /** Header values by lower-case name (encoded words decoded). */
  headers: Record<string, string>
  subject: string
  raw: string
  /** The body of a single-part mail, its transfer encoding (base64, quoted-printable) undone. */
  text: string
  /** The account the client signed in with. */
  user: string
}

export interface SmtpSink {
  host: string
  port: number
  account: string
  password: string
  mails: SunkMail[]
  /** The first mail that matches, waiting for it up to `timeoutMs`. */
  waitFor(match: (m: SunkMail) => boolean, timeoutMs?: number): Promise<SunkMail>
  close(): Promise<void>
}

/** RFC 2047 encoded words (=?charset?B|Q?text?=), which mail clients use for non-ASCII headers. */
function decodeWords(value: string): string {
  // Whitespace between two encoded words is folding, not text.
  return value.replace(/(\?=)\s+(?==\?)/g, '$1').replace(/=\?[^?]+\?([bBqQ])\?([^?]*)\?=/g, (_, kind: string, text: string) => {
    const bytes =
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1')
    return bytes.toString('utf8')
  })
}

function bodyText(raw: string, headers: Record<string, string>): string {
  const at = raw.search(/\r?\n\r?\n/)
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '')
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding !== 'quoted-printable') return body
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

function parseHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? ''
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const headers: Record<string, string> = {}
  for (const line of unfolded.split(/\r?\n/)) {
    const at = line.indexOf(':')
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = decodeWords(line.slice(at + 1).trim())
  }
  return headers
}

export async function startSmtpSink(options: { account?: string; password?: string } = {}): Promise<SmtpSink> {
  const account = options.account ?? 'sender@example.com'
  const password = options.password ?? 'sink-pass'
  const mails: SunkMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    secure: false,
    // No STARTTLS and AUTH over plain text: the sink has no certificate, and it is loopback only.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === account && auth.password === password) return callback(null, { user: auth.username })
      const err = Object.assign(new Error('Invalid username or password'), { responseCode: 535 })
      return callback(err)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const headers = parseHeaders(raw)
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          headers,
          subject: headers.subject ?? '',
          raw,
          text: bodyText(raw, headers),
          user: String(session.user ?? ''),
        })
        waiters.forEach((w) => w())
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    host: '127.0.0.1',
    port,
    account,
    password,
    mails,
    waitFor: (match, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match)
          if (!found) return false
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${mails.length})`))
        }, timeoutMs)
        if (!check()) waiters.add(check)
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
