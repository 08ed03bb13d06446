import pg from 'pg'
import type { ConnectionSpec } from './types'

/** How to reach one PostgreSQL data source, for one client or a pool of them. */
export const postgresConfig = (spec: ConnectionSpec): pg.ClientConfig => ({
  host: spec.host,
  port: spec.port,
  user: spec.username,
  password: spec.password,
  database: spec.databaseName,
  connectionTimeoutMillis: spec.timeoutMs,
  application_name: 'datahub',
})

/** A client of one PostgreSQL data source; the caller ends it. */
export async function openPostgres(spec: ConnectionSpec): Promise<pg.Client> {
  const client = new pg.Client(postgresConfig(spec))
  // A server going away after connect must not become an uncaught 'error' event.
  client.on('error', () => {})
  try {
    await client.connect()
  } catch (err) {
    await client.end().catch(() => {})
    throw err
  }
  return client
}

export async function testPostgres(spec: ConnectionSpec): Promise<string> {
  const client = await openPostgres(spec)
  try {
    const result = await client.query<{ v: string }>({ text: 'select version() as v', query_timeout: spec.timeoutMs } as pg.QueryConfig)
    return result.rows[0]?.v ?? ''
  } finally {
    await client.end().catch(() => {})
  }
}
