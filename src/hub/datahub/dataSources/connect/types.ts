import type { PgServerIdentity } from '../../../store/serverIdentity'

/** What a connection needs, the secret already decrypted (never logged, never answered). */
export interface ConnectionSpec {
  dbType: string
  host: string
  port: number
  databaseName: string
  username: string
  password: string
  timeoutMs: number
  /** The hub's data directory: never a SQLite source (connect/sqliteFile.ts). */
  dataDir: string
  /** The only folder SQLite sources may name files in; relative names are taken from it. */
  sqliteSourcesDir: string
  /**
   * The hub's own PostgreSQL store as its server describes itself (store/serverIdentity.ts); a
   * PostgreSQL source whose connection reaches the same database is refused
   * (connect/postgres.ts). null: the store is SQLite (sqliteFile.ts guards that one).
   */
  hubStore: PgServerIdentity | null
  /** better-sqlite3 binary of the hub's own store (Electron ABI), for SQLite sources. */
  sqliteBinding: string | null
  /** SFTP: a private key (then `password` is its passphrase). */
  privateKey?: string
  /** SFTP: the pinned host key (SHA256:…), '' or absent when none is pinned yet. */
  hostKey?: string
  /** SFTP: records the host key met when none was pinned (a stored source); absent: only reported. */
  pinHostKey?: (hostKey: string) => Promise<void>
}

/** A failure whose text may be shown (the password removed); anything else is a hub bug. */
export class ConnectionError extends Error {
  constructor(
    message: string,
    /** 'server': the server itself refused, in its own protocol (a wrong password, say). */
    readonly kind: 'failed' | 'timeout' | 'server' = 'failed',
  ) {
    super(message)
    this.name = 'ConnectionError'
  }
}

/** The reason of a driver error, short and without the password in it. */
export function reasonOf(err: unknown, password: string): string {
  const e = err as { message?: unknown; code?: unknown; errors?: unknown } | null
  let text = typeof e?.message === 'string' && e.message !== '' ? e.message : String(e?.code ?? err)
  // AggregateError (both IPv4 and IPv6 refused) has an empty message and the causes inside.
  if (text === '' || text === 'undefined') text = String(e?.code ?? 'unknown error')
  if (password) text = text.split(password).join('***')
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
