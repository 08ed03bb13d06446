import type { Selectable } from 'kysely'
import type { Authentication } from '../../../shared/contract/datahub/authentication'
import type { DataSource } from '../../../shared/contract/datahub/dataSources'
import { snake } from '../tables'
import { AUTHENTICATION_TEXT_FIELDS, DATASOURCE_TEXT_FIELDS, type AuthenticationsTable, type DataSourceDb, type DataSourcesTable } from './tables'

/**
 * Mapping between rows and wire records; secrets never enter a wire record. Also the two
 * row-level accesses a connection needs (the source by name, the SFTP host-key pin), kept here
 * rather than in dataSourceRepository.ts because the runtime and specs.ts reach them without the
 * handlers' repository; the handlers read them through dataSourceRepository.
 */

export type DataSourceRow = Selectable<DataSourcesTable>
export type AuthenticationRow = Selectable<AuthenticationsTable>

function textColumns(fields: readonly string[], values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [snake(f), String(values[f] ?? '')]))
}
function textFields(fields: readonly string[], row: object): Record<string, string> {
  const values = row as Record<string, unknown>
  return Object.fromEntries(fields.map((f) => [f, String(values[snake(f)] ?? '')]))
}
const audit = (row: { id: string; version: number; created_at: string; updated_at: string }) => ({
  id: row.id,
  version: Number(row.version),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export const dataSourceColumns = (values: Record<string, unknown> & { timeout: number }) => ({
  ...(textColumns(DATASOURCE_TEXT_FIELDS, values) as Omit<DataSourcesTable, 'id' | 'version' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'password_secret' | 'private_key_secret' | 'timeout'>),
  timeout: values.timeout,
})

export const dataSourceFromRow = (row: DataSourceRow): DataSource =>
  ({
    ...audit(row),
    ...textFields(DATASOURCE_TEXT_FIELDS, row),
    timeout: Number(row.timeout),
    password: '',
    passwordSet: row.password_secret !== '',
    privateKey: '',
    privateKeySet: row.private_key_secret !== '',
  }) as DataSource

export const authenticationColumns = (values: Record<string, unknown>) =>
  textColumns(AUTHENTICATION_TEXT_FIELDS, values) as Omit<AuthenticationsTable, 'id' | 'version' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'token_secret'>

export const authenticationFromRow = (row: AuthenticationRow): Authentication =>
  ({
    ...audit(row),
    ...textFields(AUTHENTICATION_TEXT_FIELDS, row),
    tokenValue: '',
    tokenValueSet: row.token_secret !== '',
  }) as Authentication

export const dataSourceByName = (db: DataSourceDb, name: string) => db.selectFrom('datasources').selectAll().where('name', '=', name).executeTakeFirst()

/**
 * Pins an SFTP source's host key on first use, only while none is pinned (two first connections
 * at once keep the first). The version stays: pinning is not an edit, and a list row read before
 * it can still be switched on. An edit form sends hostKey only when the administrator changed it,
 * so a form opened before the pin does not clear it.
 */
export async function pinHostKey(db: DataSourceDb, id: string, hostKey: string): Promise<void> {
  await db
    .updateTable('datasources')
    .set({ host_key: hostKey })
    .where('id', '=', id)
    .where('host_key', '=', '')
    .execute()
}
