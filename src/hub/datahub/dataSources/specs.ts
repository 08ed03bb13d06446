import { sqliteSourcesDir } from '../../config'
import type { CallContext, HubContext } from '../../http/context'
import { portOf, type ConnectionSpec } from './connect'
import { pinHostKey, type DataSourceRow } from './records'
import { decryptSecret, secretKey } from '../../kernel/secrets'
import { dataSourceDb } from './tables'

/** The key secrets of this hub are sealed with. */
export const hubSecretKey = (call: CallContext): Buffer => secretKey(call.hub.config.dataDir)

export interface ConnectionFields {
  dbType: string
  host: string
  port: string
  databaseName: string
  username: string
  timeout: number
  /** SFTP: the pinned host key; '' when none. */
  hostKey?: string
}

/** The secrets of a connection, in clear (already decrypted or just typed). */
export interface ConnectionSecrets {
  password: string
  privateKey?: string
}

type Hub = Pick<HubContext, 'store' | 'config'>

/** What a connection needs, with the secrets given in clear. */
export function specOf(fields: ConnectionFields, secrets: ConnectionSecrets, hub: Hub): ConnectionSpec {
  return {
    dbType: fields.dbType,
    host: fields.host,
    port: portOf(fields.dbType, fields.port),
    databaseName: fields.databaseName,
    username: fields.username,
    password: secrets.password,
    privateKey: secrets.privateKey ?? '',
    hostKey: fields.hostKey ?? '',
    timeoutMs: fields.timeout * 1000,
    dataDir: hub.config.dataDir,
    sqliteSourcesDir: sqliteSourcesDir(hub.config),
    hubStore: hub.store.identity,
    sqliteBinding: hub.config.sqliteBinding ?? null,
  }
}

/** The secrets of a stored source, decrypted for this use only. */
export const storedSecrets = (row: DataSourceRow, hub: Hub): Required<ConnectionSecrets> => {
  const key = secretKey(hub.config.dataDir)
  return { password: decryptSecret(key, row.password_secret), privateKey: decryptSecret(key, row.private_key_secret) }
}

/**
 * A stored source's connection. An SFTP source with no host key pinned yet pins the first one
 * it meets (trust on first use), whether that is a connection test or a delivery.
 */
export function sourceSpec(row: DataSourceRow, hub: Hub): ConnectionSpec {
  const spec = specOf(
    { dbType: row.db_type, host: row.host, port: row.port, databaseName: row.database_name, username: row.username, timeout: Number(row.timeout || 10), hostKey: row.host_key },
    storedSecrets(row, hub),
    hub,
  )
  if (row.host_key === '') spec.pinHostKey = (hostKey) => pinHostKey(dataSourceDb(hub.store.db), row.id, hostKey)
  return spec
}

export const storedSpec = (row: DataSourceRow, call: CallContext): ConnectionSpec => sourceSpec(row, call.hub)
