import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'

/**
 * A CAS 3.0 server stand-in on loopback: it issues service tickets for a user (and the service
 * they are for) and answers `GET /p3/serviceValidate?service=…&ticket=…` as the protocol
 * (apereo.github.io/cas/…/CAS-Protocol-Specification, §2.5, §2.7 and Appendix A) says: an
 * authenticationSuccess with cas:user and cas:attributes, or an authenticationFailure with code
 * INVALID_TICKET (unknown or used ticket: tickets are single use), INVALID_SERVICE (another
 * service) or INVALID_REQUEST. `answer` makes it misbehave: another HTTP status, malformed XML,
 * an empty body. `GET /login` answers a page (what "test connection" asks for).
 */
export type CasMisbehaviour = { status: number } | 'malformed' | 'empty' | 'doctype' | null

export interface CasServer {
  /** The server's base URL (as an administrator configures it). */
  url: string
  /** A new service ticket for `user` at `service`, with these attributes. */
  issue(user: string, service: string, attributes?: Record<string, string | string[]>): string
  /** Misbehave from now on (null: answer properly again). */
  answer: CasMisbehaviour
  /** How many serviceValidate requests came. */
  validations: number
  close(): Promise<void>
}

const CAS_NS = 'http://www.yale.edu/tp/cas'
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function success(user: string, attributes: Record<string, string | string[]>): string {
  const attrs = Object.entries(attributes)
    .flatMap(([name, v]) => (Array.isArray(v) ? v : [v]).map((value) => `      <cas:${name}>${escape(value)}</cas:${name}>`))
    .join('\n')
  return `<cas:serviceResponse xmlns:cas="${CAS_NS}">
  <cas:authenticationSuccess>
    <cas:user>${escape(user)}</cas:user>
    <cas:attributes>
${attrs}
    </cas:attributes>
  </cas:authenticationSuccess>
</cas:serviceResponse>`
}

const failure = (code: string, text: string) => `<cas:serviceResponse xmlns:cas="${CAS_NS}">
  <cas:authenticationFailure code="${code}">${escape(text)}</cas:authenticationFailure>
</cas:serviceResponse>`

export async function startCasServer(): Promise<CasServer> {
  const tickets = new Map<string, { user: string; service: string; attributes: Record<string, string | string[]> }>()
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas')
    // The server lives under /cas, as CAS deployments usually do.
    const path = url.pathname.replace(/^\/cas(?=\/)/, '')
    if (path === '/login') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body>CAS login</body></html>')
      return
    }
    if (path !== '/p3/serviceValidate') {
      res.writeHead(404).end()
      return
    }
    cas.validations++
    const misbehaviour = cas.answer
    const xml = (body: string) => res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(body)
    if (misbehaviour === 'empty') return void res.writeHead(200, { 'content-type': 'application/xml' }).end()
    if (misbehaviour === 'malformed') return xml(`<cas:serviceResponse xmlns:cas="${CAS_NS}"><cas:authenticationSuccess><cas:user>alice</cas:user>`)
    if (misbehaviour === 'doctype') return xml(`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><cas:serviceResponse xmlns:cas="${CAS_NS}"><cas:authenticationSuccess><cas:user>&x;</cas:user></cas:authenticationSuccess></cas:serviceResponse>`)
    if (misbehaviour && typeof misbehaviour === 'object') return void res.writeHead(misbehaviour.status, { 'content-type': 'text/plain' }).end('CAS is down')
    const ticket = url.searchParams.get('ticket') ?? ''
    const service = url.searchParams.get('service') ?? ''
    if (!ticket || !service) return xml(failure('INVALID_REQUEST', 'ticket and service are required'))
    const issued = tickets.get(ticket)
    // Single use (§3.1.1): a ticket is gone once validated, whatever the outcome.
    tickets.delete(ticket)
    if (!issued) return xml(failure('INVALID_TICKET', `Ticket ${ticket} not recognized`))
    if (issued.service !== service) return xml(failure('INVALID_SERVICE', `Ticket ${ticket} does not match supplied service`))
    return xml(success(issued.user, issued.attributes))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const cas: CasServer = {
    url: `http://127.0.0.1:${port}/cas`,
    issue(user, service, attributes = {}) {
      const ticket = `ST-${randomBytes(12).toString('hex')}`
      tickets.set(ticket, { user, service, attributes })
      return ticket
    },
    answer: null,
    validations: 0,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
  return cas
}
