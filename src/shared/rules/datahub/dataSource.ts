import { z } from 'zod'
import { flagRule, remarkRule, requiredText } from './common'
import { orEmpty, positiveInteger } from '../patterns'

/**
 * Data-source form rules (spec part 1 §4, part 2 §3 and §5).
 *
 * Type codes follow part 1 §4: 1 database, 2 ldap, 4 mq, 5 bigdata, and 3 file, which only the
 * consumer's data-source list names (1 dblink, 3 file, 4 mq, 5 bigdata): a file location that
 * file and excel consumers write into. The kinds inside a type are ours where the spec names none
 * (part 1 §9 names hive, phoenix, hbase, activemq, rabbitmq only): the relational kinds this hub
 * has drivers for, LDAP, and for files a folder on the hub or an SFTP server.
 */
export const SOURCE_TYPES = ['1', '2', '3', '4', '5'] as const
export type SourceType = (typeof SOURCE_TYPES)[number]

export const DB_TYPES_BY_SOURCE: Record<SourceType, readonly string[]> = {
  '1': ['postgresql', 'mysql', 'mariadb', 'sqlite'],
  '2': ['ldap'],
  '3': ['folder', 'sftp'],
  '4': ['rabbitmq', 'activemq'],
  // Spec: only hbase and phoenix are kept for bigdata; hive is also named as a kind.
  '5': ['hbase', 'phoenix', 'hive'],
}
export const DB_TYPES = ['postgresql', 'mysql', 'mariadb', 'sqlite', 'ldap', 'folder', 'sftp', 'rabbitmq', 'activemq', 'hbase', 'phoenix', 'hive'] as const
export type DbType = (typeof DB_TYPES)[number]

/** Kinds the SQL tools can run on (relational, with a driver in this hub). */
export const SQL_DB_TYPES: readonly DbType[] = ['postgresql', 'mysql', 'mariadb', 'sqlite']

/** Default port of each kind, used when the form leaves the port empty. ActiveMQ is tested over STOMP. */
export const DEFAULT_PORTS: Partial<Record<DbType, number>> = {
  postgresql: 5432,
  mysql: 3306,
  mariadb: 3306,
  ldap: 389,
  sftp: 22,
  rabbitmq: 5672,
  activemq: 61613,
  hbase: 9090,
  phoenix: 8765,
  hive: 10000,
}

/** Connection timeout in seconds: default 10, at most 120 (a test never hangs longer). */
export const TIMEOUT_DEFAULT = 10
export const TIMEOUT_MAX = 120

/** Part 2 §5: database name 1–20 (server databases); a SQLite file path may be longer. */
export const DATABASE_NAME_MAX = 20
export const FILE_PATH_MAX = 1000

/** A 16384-bit RSA key in PEM is about 13 000 characters. */
export const PRIVATE_KEY_MAX = 20000

/** Producer and consumer forms allow data-source names of 1–50 characters. */
export const DATASOURCE_NAME_MAX = 50

export const datasourceStatusRule = flagRule('msg_status_required')

/** Every field an administrator edits on a data source. The password is write-only. */
export const dataSourceRuleShape = {
  name: requiredText('msg_datasource_name_required', DATASOURCE_NAME_MAX, 'msg_datasource_name_length'),
  sourceType: z.enum(SOURCE_TYPES, { error: 'msg_datasource_source_type_required' }),
  dbType: z.enum(DB_TYPES, { error: 'msg_datasource_type_unsupported' }),
  applicationCode: requiredText('msg_app_code_required', 50, 'msg_app_code_length'),
  applicationName: z.string().max(200, 'msg_field_invalid').default(''),
  host: z.string().trim().max(255, 'msg_field_invalid').default(''),
  /** Part 2 §5: port 1–5 digits; empty means the kind's default. */
  port: z.string().trim().regex(/^(|\d{1,5})$/, 'msg_datasource_port_rule').default(''),
  databaseName: z.string().trim().max(FILE_PATH_MAX, 'msg_datasource_database_length').default(''),
  username: z.string().max(200, 'msg_field_invalid').default(''),
  /** Empty on update keeps the stored password. With an SFTP private key it is the key's passphrase. */
  password: z.string().max(500, 'msg_field_invalid').default(''),
  /** SFTP: an OpenSSH or PEM private key, write-only like the password; empty on update keeps the stored one. */
  privateKey: z.string().max(PRIVATE_KEY_MAX, 'msg_field_invalid').default(''),
  /**
   * SFTP: the server's host key as OpenSSH prints it (SHA256:…), pinned by the first connection of
   * the saved source when empty. Clearing it accepts the server's next key; a key that differs from
   * the pinned one is refused (connect/sftp.ts).
   */
  hostKey: z.string().trim().max(200, 'msg_field_invalid').regex(/^(|SHA256:[A-Za-z0-9+/]{43})$/, 'msg_datasource_host_key_rule').default(''),
  timeout: z.coerce.number({ error: 'msg_datasource_timeout_rule' }).int('msg_datasource_timeout_rule').min(1, 'msg_datasource_timeout_rule').max(TIMEOUT_MAX, 'msg_datasource_timeout_rule').default(TIMEOUT_DEFAULT),
  /** Part 2 §3 labels: batch counts, timestamp field, table name, primary key (defaults for the modes). */
  batchCount: z.string().trim().regex(orEmpty(positiveInteger(6)), 'msg_positive_integer').default(''),
  timestampField: z.string().max(100, 'msg_field_invalid').default(''),
  tableName: z.string().max(50, 'msg_field_invalid').default(''),
  primaryKey: z.string().max(100, 'msg_field_invalid').default(''),
  remark: remarkRule,
  status: datasourceStatusRule.default('1'),
}

/** Absolute on POSIX or Windows (the hub may run on either; shared code has no node:path). */
export const isAbsolutePath = (p: string): boolean => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(p)

export interface DataSourceFields {
  sourceType: string
  dbType: string
  host: string
  port: string
  databaseName: string
  username?: string
}

/** Rules across fields: the kind belongs to the type; what each kind needs to connect. */
export function checkDataSource(v: DataSourceFields, ctx: z.RefinementCtx): void {
  const kinds = DB_TYPES_BY_SOURCE[v.sourceType as SourceType] ?? []
  if (!kinds.includes(v.dbType)) {
    ctx.addIssue({ code: 'custom', path: ['dbType'], message: 'msg_datasource_type_unsupported', input: v.dbType })
    return
  }
  if (v.dbType === 'sqlite') {
    if (v.databaseName === '') ctx.addIssue({ code: 'custom', path: ['databaseName'], message: 'msg_datasource_file_required', input: '' })
    return
  }
  // A folder on the hub: named absolutely, so it never depends on where the hub was started.
  if (v.dbType === 'folder') {
    if (!isAbsolutePath(v.databaseName)) ctx.addIssue({ code: 'custom', path: ['databaseName'], message: 'msg_datasource_folder_absolute', input: v.databaseName })
    return
  }
  if (v.host === '') ctx.addIssue({ code: 'custom', path: ['host'], message: 'msg_datasource_host_required', input: '' })
  if (v.port !== '' && (Number(v.port) < 1 || Number(v.port) > 65535)) {
    ctx.addIssue({ code: 'custom', path: ['port'], message: 'msg_datasource_port_rule', input: v.port })
  }
  // SFTP signs in as someone; the base folder (databaseName) may stay empty: the login folder.
  if (v.dbType === 'sftp' && (v.username ?? '').trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['username'], message: 'msg_datasource_username_required', input: '' })
  }
  if (v.sourceType === '1') {
    if (v.databaseName === '') ctx.addIssue({ code: 'custom', path: ['databaseName'], message: 'msg_datasource_database_required', input: '' })
    else if (v.databaseName.length > DATABASE_NAME_MAX) {
      ctx.addIssue({ code: 'custom', path: ['databaseName'], message: 'msg_datasource_database_length', input: v.databaseName })
    }
  }
}

/** Spec §5: SQL preview row count, an integer 1–10000, default 10. */
export const PREVIEW_ROWS_MIN = 1
export const PREVIEW_ROWS_MAX = 10000
export const PREVIEW_ROWS_DEFAULT = 10
export const previewRowsRule = z.coerce
  .number({ error: 'msg_sql_rows_rule' })
  .int('msg_sql_rows_rule')
  .min(PREVIEW_ROWS_MIN, 'msg_sql_rows_rule')
  .max(PREVIEW_ROWS_MAX, 'msg_sql_rows_rule')

/** Spec §5: the SQL tools need a data source name, else an error. */
export const sqlDataSourceRule = z.string({ error: 'msg_sql_datasource_required' }).trim().min(1, 'msg_sql_datasource_required').max(DATASOURCE_NAME_MAX, 'msg_datasource_name_length')
export const querySqlRule = z.string({ error: 'msg_sql_required' }).trim().min(1, 'msg_sql_required').max(5000, 'msg_sql_length')
export const tableNameRule = z.string({ error: 'msg_table_name_required' }).trim().min(1, 'msg_table_name_required').max(128, 'msg_field_invalid')
