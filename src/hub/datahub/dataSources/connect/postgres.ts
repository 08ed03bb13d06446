import pg from 'pg'
import { identityBy, sameDatabase, type IdentityRow } from '../../../store/serverIdentity'
import { hubStoreRefused } from '../refusals'
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

/**
 * Refuses (hubStoreRefused) a connection that reached the hub's own store: the same database of
 * the same server, as the server itself says (store/serverIdentity.ts), not as the host string
 * reads. Every path that uses a PostgreSQL source goes through here once per connection before
 * its first statement: the connection test, the SQL tools and widgets, dblink producers
 * (fetch/dbLinkReaders.ts) and dblink consumers (deliver/dbLinkWriters.ts, dbLinkPools.ts).
 * Otherwise whoever may make a data source reads users.password_hash, or writes user_roles.
 * Another database of the same server is allowed: it is not the hub's.
 */
export async function refuseHubStore(client: pg.ClientBase, spec: Pick<ConnectionSpec, 'hubStore'>): Promise<void> {
  if (!spec.hubStore) return
  const identity = await identityBy(async (text) => (await client.query<IdentityRow>(text)).rows[0]!)
  if (sameDatabase(identity, spec.hubStore)) throw hubStoreRefused()
}

/** A client of one PostgreSQL data source, checked not to be the hub's store; the caller ends it. */
export async function openPostgres(spec: ConnectionSpec): Promise<pg.Client> {
  const client = new pg.Client(postgresConfig(spec))
  // A server going away after connect must not become an uncaught 'error' event.
  client.on('error', () => {})
  try {
    await client.connect()
    await refuseHubStore(client, spec)
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
