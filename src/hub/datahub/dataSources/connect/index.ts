import { setTimeout as sleep } from 'node:timers/promises'
import { ResultCodeError } from 'ldapts'
import pg from 'pg'
import { DEFAULT_PORTS, type DbType } from '../../../../shared/rules/datahub/dataSource'
import { Refusal } from '../../../kernel/refusal'
import { connectFailed, datasourceTypeUnsupported, datasourceUnreachable, driverUnavailable } from '../refusals'
import { testLdap } from './ldap'
import { testMysql } from './mysql'
import { testPostgres } from './postgres'
import { testRabbitmq } from './rabbitmq'
import { sqliteVersion } from '../sql/sqlite'
import { testStomp } from './stomp'
import { testFolder } from './folder'
import { testSftp } from './sftp'
import { ConnectionError, reasonOf, type ConnectionSpec } from './types'

export type { ConnectionSpec } from './types'

const testers: Partial<Record<DbType, (spec: ConnectionSpec) => Promise<string>>> = {
  postgresql: testPostgres,
  mysql: testMysql,
  mariadb: testMysql,
  // Opened read-only in a child process, like the SQL tools (sql/sqlite.ts).
  sqlite: sqliteVersion,
  rabbitmq: testRabbitmq,
  activemq: testStomp,
  ldap: testLdap,
  folder: testFolder,
  sftp: testSftp,
}
/** Named by the spec, but no driver for them exists in this hub. */
const WITHOUT_DRIVER = new Set(['hive', 'hbase', 'phoenix'])

/** Kinds that are files on the hub, not ports: their reason is always shown. */
const LOCAL_KINDS = new Set(['sqlite', 'folder'])

/** withDeadline's allowance past the source's timeout for the driver's own timer to fire first. */
const DEADLINE_GRACE_MS = 500

/** The port to use: the one set, else the kind's default. */
export const portOf = (dbType: string, port: string): number => (port ? Number(port) : (DEFAULT_PORTS[dbType as DbType] ?? 0))

/**
 * Runs `work` with a hard deadline: drivers have their own timeouts, but a server that accepts
 * the socket and then says nothing must not keep the caller waiting past the source's limit.
 */
export async function withDeadline<T>(timeoutMs: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new ConnectionError('timeout', 'timeout')), timeoutMs + DEADLINE_GRACE_MS)
  })
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
    // A late failure of the abandoned attempt must not become an unhandled rejection.
    work.catch(() => {})
  }
}

/**
 * Whether the server itself answered, in the source's protocol, and refused (wrong password,
 * unknown database, no such virtual host): only then is its reason worth showing, and showing
 * it tells nothing a successful test would not.
 */
function fromServer(err: unknown): boolean {
  const e = err as { kind?: string; sqlState?: unknown; errno?: unknown; message?: unknown } | null
  if (err instanceof pg.DatabaseError || err instanceof ResultCodeError) return true
  if (e?.kind === 'server') return true
  if (typeof e?.sqlState === 'string' && typeof e.errno === 'number' && e.errno > 0) return true
  return typeof e?.message === 'string' && e.message.startsWith('Handshake terminated by server')
}

/**
 * A real connection to the source; the refusal says why it failed, in the caller's language.
 *
 * Whoever may test a connection (the data-source permission) could otherwise use the hub to map
 * its network: "connection refused" (closed), a timeout (filtered, or open and silent) and a
 * protocol error (open, something else listening) told ports apart on any host. Blocking
 * private addresses, as WSDL does, is no answer here: databases live on private networks. So
 * every failure short of the source's own server refusing in its protocol answers one message,
 * "could not connect to host:port", and only once the source's timeout has passed, so neither
 * the words nor the time say what was there. Only a server of the right kind gets its reason
 * through (fromServer). SQLite and a folder are files, not ports: their reason is always shown.
 */
export async function testConnection(spec: ConnectionSpec): Promise<{ elapsedMs: number; serverVersion: string }> {
  if (WITHOUT_DRIVER.has(spec.dbType)) throw driverUnavailable({ kind: spec.dbType })
  const tester = testers[spec.dbType as DbType]
  if (!tester) throw datasourceTypeUnsupported()
  const started = Date.now()
  try {
    const serverVersion = await withDeadline(spec.timeoutMs, tester(spec))
    return { elapsedMs: Date.now() - started, serverVersion }
  } catch (err) {
    if (err instanceof Refusal) throw err
    if (LOCAL_KINDS.has(spec.dbType) || fromServer(err)) throw connectFailed({ detail: reasonOf(err, spec.password) })
    // The same moment as withDeadline's own end, whatever happened before it.
    const wait = started + spec.timeoutMs + DEADLINE_GRACE_MS - Date.now()
    if (wait > 0) await sleep(wait)
    throw datasourceUnreachable({ host: spec.host, port: spec.port })
  }
}
