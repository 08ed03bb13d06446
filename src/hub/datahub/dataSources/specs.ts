import { sqliteSourcesDir } from '../../config'
import type { CallContext } from '../../http/context'
import { portOf, type ConnectionSpec } from './connect'
import type { DataSourceRow } from './records'
import { decryptSecret, secretKey } from './secrets'

/** The key secrets of this hub are sealed with. */
export const hubSecretKey = (call: CallContext): Buffer => secretKey(call.hub.config.dataDir)

export interface ConnectionFields {
  dbType: string
  host: string
  port: string
  databaseName: string
  username: string
  timeout: number
}

/** What a connection needs, with the password given in clear (already decrypted or just typed). */
export function specOf(fields: ConnectionFields, password: string, call: CallContext): ConnectionSpec {
  return {
    dbType: fields.dbType,
    host: fields.host,
    port: portOf(fields.dbType, fields.port),
    databaseName: fields.databaseName,
    username: fields.username,
    password,
    timeoutMs: fields.timeout * 1000,
    dataDir: call.hub.config.dataDir,
    sqliteSourcesDir: sqliteSourcesDir(call.hub.config),
    sqliteBinding: call.hub.config.sqliteBinding ?? null,
  }
}

/** A stored source's connection, its password decrypted for this call only. */
export const storedSpec = (row: DataSourceRow, call: CallContext): ConnectionSpec =>
  specOf(
    { dbType: row.db_type, host: row.host, port: row.port, databaseName: row.database_name, username: row.username, timeout: Number(row.timeout) },
    decryptSecret(hubSecretKey(call), row.password_secret),
    call,
  )
