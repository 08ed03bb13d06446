import mysql from 'mysql2/promise'
import pg from 'pg'
import type { ConnectionSpec } from '../../datahub/dataSources/connect/types'
import { refuseHubStore } from '../../datahub/dataSources/connect/postgres'
import { mysqlWriterConfig, postgresWriterConfig, writeMysqlOn, writePostgresOn, type WriteRequest } from './dbLinkWriters'

/** A connection unused this long is closed; a source's pool unused this long is dropped. */
export const POOL_IDLE_MS = 30_000

/** Open connections of one data source, lent to one write at a time. */
interface Lender {
  write(req: WriteRequest): Promise<void>
  end(): Promise<void>
}

function postgresLender(spec: ConnectionSpec, size: number): Lender {
  const pool = new pg.Pool({ ...postgresWriterConfig(spec), max: size, idleTimeoutMillis: POOL_IDLE_MS })
  // A connection the server or the network closed: the pool drops an idle one, a lent one fails
  // its write; either way nothing is left to report (and an unheard 'error' would end the hub).
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  // Each connection is checked once, before its first write, not to be the hub's own store.
  const checked = new WeakSet<pg.PoolClient>()
  return {
    async write(req) {
      const client = await pool.connect()
      try {
        if (!checked.has(client)) {
          await refuseHubStore(client, spec)
          checked.add(client)
        }
        await writePostgresOn(client, req)
        client.release()
      } catch (err) {
        // A failed write may have left the connection broken: it is closed, not lent again.
        client.release(err instanceof Error ? err : true)
        throw err
      }
    },
    end: () => pool.end(),
  }
}

function mysqlLender(spec: ConnectionSpec, size: number): Lender {
  // maxIdle below the limit makes mysql2 close connections idle past idleTimeout.
  const pool = mysql.createPool({ ...mysqlWriterConfig(spec), connectionLimit: size, maxIdle: 1, idleTimeout: POOL_IDLE_MS })
  pool.on('connection', (c) => c.on('error', () => {}))
  return {
    async write(req) {
      const connection = await pool.getConnection()
      try {
        await writeMysqlOn(connection, req)
        connection.release()
      } catch (err) {
        connection.destroy()
        throw err
      }
    },
    end: () => pool.end(),
  }
}

const LENDERS: Record<string, (spec: ConnectionSpec, size: number) => Lender> = {
  postgresql: postgresLender,
  mysql: mysqlLender,
  mariadb: mysqlLender,
}

interface Entry {
  version: number
  lender: Lender
  inUse: number
  lastUsed: number
  /** Replaced by a newer version of the source: ended once its last write returns. */
  retired: boolean
}

/**
 * The delivery worker's connections to dblink consumers' databases: a small pool per data
 * source (`size` connections: the deliveries one consumer runs at once), so a stream of
 * messages into one table reuses its connections instead of opening one per message. Pools are
 * keyed by the source's id and version: an edited source (a new password, another host) gets a
 * fresh pool and the old one is closed once its writes in flight end. Connections idle for
 * POOL_IDLE_MS close; a pool unused that long is dropped; `close()` (the worker stopping) ends
 * them all. SQLite targets are files opened per message (no server to connect to): `fallback`.
 */
export class DbLinkPools {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly size: number) {}

  async write(
    source: { id: string; version: number },
    spec: ConnectionSpec,
    req: WriteRequest,
    fallback: (spec: ConnectionSpec, req: WriteRequest) => Promise<void>,
  ): Promise<void> {
    const lend = LENDERS[spec.dbType]
    if (!lend) return fallback(spec, req)
    const now = Date.now()
    this.dropIdle(now)
    let entry = this.entries.get(source.id)
    if (entry && entry.version !== source.version) {
      this.retire(entry)
      entry = undefined
    }
    if (!entry) {
      entry = { version: source.version, lender: lend(spec, this.size), inUse: 0, lastUsed: now, retired: false }
      this.entries.set(source.id, entry)
    }
    entry.inUse++
    try {
      await entry.lender.write(req)
    } finally {
      entry.inUse--
      entry.lastUsed = Date.now()
      if (entry.retired && entry.inUse === 0) void entry.lender.end().catch(() => {})
    }
  }

  async close(): Promise<void> {
    const all = [...this.entries.values()]
    this.entries.clear()
    await Promise.all(all.map((e) => e.lender.end().catch(() => {})))
  }

  private retire(entry: Entry): void {
    for (const [id, e] of this.entries) if (e === entry) this.entries.delete(id)
    entry.retired = true
    if (entry.inUse === 0) void entry.lender.end().catch(() => {})
  }

  private dropIdle(now: number): void {
    for (const entry of [...this.entries.values()]) if (entry.inUse === 0 && now - entry.lastUsed > POOL_IDLE_MS) this.retire(entry)
  }
}
