import type { Kysely } from 'kysely'
import { audit, texts } from './columns'

/**
 * Data sources and API authentication methods. Fields are text columns named after the wire
 * fields in snake case, as in 0002. Secrets (a data source's password, a static token) are kept
 * only as AES-256-GCM ciphertext (src/hub/datahub/dataSources/secrets.ts); '' means none.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  let sources = db.schema.createTable('datasources').addColumn('id', 'text', (c) => c.primaryKey())
  sources = texts(sources, [
    'name', 'source_type', 'db_type', 'application_code', 'application_name', 'host', 'port', 'database_name', 'username',
    'password_secret', 'batch_count', 'timestamp_field', 'table_name', 'primary_key', 'remark', 'status',
  ])
  sources = sources.addColumn('timeout', 'integer', (c) => c.notNull().defaultTo(10))
  await audit(sources).execute()
  // Producers and consumers refer to a data source by name: one name, one source.
  await db.schema.createIndex('datasources_name_uq').on('datasources').column('name').unique().execute()
  await db.schema.createIndex('datasources_app_type_idx').on('datasources').columns(['application_code', 'source_type', 'status']).execute()

  let auths = db.schema.createTable('authentications').addColumn('id', 'text', (c) => c.primaryKey())
  auths = texts(auths, [
    'app_code', 'app_name', 'authen_name', 'authen_type', 'token_key', 'token_secret', 'token_url', 'token_method', 'token_params',
    'token_status_code', 'token_parse_level', 'token_validity', 'status', 'remark',
  ])
  await audit(auths).execute()
  // Forms choose a method by name within its application.
  await db.schema.createIndex('authentications_app_name_uq').on('authentications').columns(['app_code', 'authen_name']).unique().execute()
}
