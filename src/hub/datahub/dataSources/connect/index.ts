import { DEFAULT_PORTS, type DbType } from '../../../../shared/rules/datahub/dataSource'
import { connectFailed, connectTimeout, datasourceTypeUnsupported, driverUnavailable } from '../refusals'
import { testLdap } from './ldap'
import { testMysql } from './mysql'
import { testPostgres } from './postgres'
import { testRabbitmq } from './rabbitmq'
import { sqliteVersion } from '../sql/sqlite'
import { testStomp } from './stomp'
import { ConnectionError, reasonOf, type ConnectionSpec } from './types'

export type { ConnectionSpec } from './types'

const testers: Partial<Record<DbType, (spec: ConnectionSpec) => Promise<string>>> = {
  postgresql: testPostgres,
  mysql: testMysql,
  mariadb: testMysql,
  // Opened read-only in a worker thread, like the SQL tools (sql/sqlite.ts).
  sqlite: sqliteVersion,
  rabbitmq: testRabbitmq,
  activemq: testStomp,
  ldap: testLdap,
}
/** Named by the spec, but no driver for them exists in this hub. */
const WITHOUT_DRIVER = new Set(['hive', 'hbase', 'phoenix'])

/** The port to use: the one set, else the kind's default. */
export const portOf = (dbType: string, port: string): number => (port ? Number(port) : (DEFAULT_PORTS[dbType as DbType] ?? 0))

/**
 * Runs `work` with a hard deadline: drivers have their own timeouts, but a server that accepts
 * the socket and then says nothing must not keep the caller waiting past the source's limit.
 */
export async function withDeadline<T>(timeoutMs: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new ConnectionError('timeout', 'timeout')), timeoutMs + 500)
  })
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
    // A late failure of the abandoned attempt must not become an unhandled rejection.
    work.catch(() => {})
  }
}

const looksLikeTimeout = (err: unknown) => {
  const e = err as { kind?: string; code?: string; message?: string } | null
  return e?.kind === 'timeout' || e?.code === 'ETIMEDOUT' || /timeout|timed out/i.test(e?.message ?? '')
}

/** A real connection to the source; the refusal says why it failed, in the caller's language. */
export async function testConnection(spec: ConnectionSpec): Promise<{ elapsedMs: number; serverVersion: string }> {
  if (WITHOUT_DRIVER.has(spec.dbType)) throw driverUnavailable({ kind: spec.dbType })
  const tester = testers[spec.dbType as DbType]
  if (!tester) throw datasourceTypeUnsupported()
  const started = Date.now()
  try {
    const serverVersion = await withDeadline(spec.timeoutMs, tester(spec))
    return { elapsedMs: Date.now() - started, serverVersion }
  } catch (err) {
    if (looksLikeTimeout(err)) throw connectTimeout({ seconds: Math.round(spec.timeoutMs / 1000) })
    throw connectFailed({ detail: reasonOf(err, spec.password) })
  }
}
