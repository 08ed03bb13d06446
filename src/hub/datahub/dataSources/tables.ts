import type { Kysely } from 'kysely'
import type { HubDatabase } from '../../store/schema'
import type { TextColumns } from '../tables'
import { repositoryOf } from '../../store/repository'

/** The tables of migration 0003 (and 0013's columns) as Kysely sees them. */

interface AuditColumns {
  id: string
  version: number
  created_at: string
  created_by: string
  updated_at: string
  updated_by: string
}

export const DATASOURCE_TEXT_FIELDS = [
  'name', 'sourceType', 'dbType', 'applicationCode', 'applicationName', 'host', 'port', 'databaseName', 'username',
  'batchCount', 'timestampField', 'tableName', 'primaryKey', 'remark', 'status', 'hostKey',
] as const

export const AUTHENTICATION_TEXT_FIELDS = [
  'appCode', 'appName', 'authenName', 'authenType', 'tokenKey', 'tokenUrl', 'tokenMethod', 'tokenParams',
  'tokenStatusCode', 'tokenParseLevel', 'tokenValidity', 'status', 'remark',
] as const

export type DataSourcesTable = AuditColumns &
  TextColumns<(typeof DATASOURCE_TEXT_FIELDS)[number]> & {
    /** AES-256-GCM ciphertext of the password; '' when none. */
    password_secret: string
    /** AES-256-GCM ciphertext of an SFTP private key; '' when none (migration 0013). */
    private_key_secret: string
    timeout: number
  }

export type AuthenticationsTable = AuditColumns &
  TextColumns<(typeof AUTHENTICATION_TEXT_FIELDS)[number]> & {
    /** AES-256-GCM ciphertext of the static token; '' when none. */
    token_secret: string
  }

export type DataSourceTables = {
  datasources: DataSourcesTable
  authentications: AuthenticationsTable
}

export const dataSourceDb = (db: Kysely<HubDatabase>) => db.withTables<DataSourceTables>()
export type DataSourceDb = ReturnType<typeof dataSourceDb>

/** The repositories of data sources and authentications, typed on these tables (store/repository.ts). */
export const dataSourceRepositoryOf = repositoryOf<HubDatabase & DataSourceTables>()
