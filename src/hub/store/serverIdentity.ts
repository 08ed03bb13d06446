import { sql, type Kysely } from 'kysely'

/**
 * What a PostgreSQL server says it is, for telling whether a data source's connection reached the
 * hub's own store (datahub/dataSources/connect/postgres.ts): the cluster's system identifier
 * (made at initdb, the same through every address, socket and port forward of that server) and
 * the database, by name and oid. Host strings cannot tell: 127.0.0.1, localhost, a unix socket,
 * another interface or a forwarded port all reach the same server.
 *
 * pg_control_system() is executable by everyone by default; a server where an administrator
 * revoked it answers `systemIdentifier: null`, and the postmaster's start time (to the
 * microsecond) stands in for the cluster. That stand-in is read when the store opens: a server
 * restarted since, which also refuses pg_control_system(), is not recognised until the hub
 * restarts. Nothing else about a server is both public and stable.
 */
export interface PgServerIdentity {
  systemIdentifier: string | null
  startedAt: string
  databaseOid: string
  database: string
}

/** The query, in one round trip; `withSystem` false for a server that refuses pg_control_system(). */
const identityQuery = (withSystem: boolean): string =>
  `select ${withSystem ? '(select system_identifier::text from pg_control_system())' : 'null::text'} as system_identifier, ` +
  `pg_postmaster_start_time()::text as started_at, (select oid::text from pg_database where datname = current_database()) as database_oid, current_database() as database`

export interface IdentityRow {
  system_identifier: string | null
  started_at: string
  database_oid: string
  database: string
}

const identityOf = (row: IdentityRow): PgServerIdentity => ({
  systemIdentifier: row.system_identifier,
  startedAt: row.started_at,
  databaseOid: row.database_oid,
  database: row.database,
})

/** 42501: insufficient privilege (pg_control_system() revoked). */
const isPrivilegeError = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === '42501'

/**
 * A server's answer through `query` (one statement's first row): with the system identifier,
 * or without it where pg_control_system() is refused.
 */
export async function identityBy(query: (text: string) => Promise<IdentityRow>): Promise<PgServerIdentity> {
  try {
    return identityOf(await query(identityQuery(true)))
  } catch (err) {
    if (!isPrivilegeError(err)) throw err
    return identityOf(await query(identityQuery(false)))
  }
}

/** The hub's own store's answer. */
export const storeIdentity = (db: Kysely<unknown>): Promise<PgServerIdentity> => identityBy(async (text) => (await sql.raw<IdentityRow>(text).execute(db)).rows[0]!)

/**
 * Whether two answers name the same database of the same server: the same database (name and
 * oid) and the same cluster (system identifier when both know it, else the start time).
 */
export function sameDatabase(a: PgServerIdentity, b: PgServerIdentity): boolean {
  if (a.database !== b.database || a.databaseOid !== b.databaseOid) return false
  if (a.systemIdentifier !== null && b.systemIdentifier !== null) return a.systemIdentifier === b.systemIdentifier
  return a.startedAt === b.startedAt
}
