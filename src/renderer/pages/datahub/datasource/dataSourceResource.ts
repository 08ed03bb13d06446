import { createElement } from 'react'
import { z } from 'zod'
import { PlugConnectedRegular } from '@fluentui/react-icons'
import * as contract from '../../../../shared/contract/datahub/dataSources'
import type { DataSource } from '../../../../shared/contract/datahub/dataSources'
import { DB_TYPES, DB_TYPES_BY_SOURCE, SOURCE_TYPES, SQL_DB_TYPES, TIMEOUT_DEFAULT, type DbType, type SourceType } from '../../../../shared/rules/datahub/dataSource'
import type { FormValues, Option, ResourceDefinition } from '../../../admin/resource'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { i18n } from '../../../i18n'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** Spec part 1 §4 type codes: 1 database, 2 ldap, 3 file location, 4 mq, 5 bigdata. */
export const sourceTypeOptions: readonly Option[] = SOURCE_TYPES.map((v) => ({ value: v, label: `datasource:source_type_${v}` }))
export const dbTypeOptions: readonly Option[] = DB_TYPES.map((v) => ({ value: v, label: `datasource:db_type_${v}` }))
/** The status as the hub keeps it: '1' enabled (offered to producers and consumers, not editable), '0' disabled. */
const statusOptions: readonly Option[] = [
  { value: '1', label: 'datasource:status_enabled' },
  { value: '0', label: 'datasource:status_disabled' },
]

/** The type a kind belongs to: every kind belongs to exactly one, so the form asks only for the kind. */
export function sourceTypeOf(dbType: unknown): SourceType | '' {
  return SOURCE_TYPES.find((s) => DB_TYPES_BY_SOURCE[s].includes(String(dbType))) ?? ''
}

const kindOf = (v: FormValues): string => String(v.dbType ?? '')
/** SQLite and a folder on the hub are files: no server, port, user or password. */
const needsServer = (v: FormValues): boolean => kindOf(v) !== 'sqlite' && kindOf(v) !== 'folder'
const isSftp = (v: FormValues): boolean => kindOf(v) === 'sftp'
/** Servers that have a database name (not SFTP: its base folder is asked for instead). */
const hasDatabase = (v: FormValues): boolean => needsServer(v) && !isSftp(v)
/** Batch counts, timestamp field, table and primary key only mean something for tables (database, bigdata). */
const hasTables = (v: FormValues): boolean => (SQL_DB_TYPES as readonly string[]).includes(kindOf(v)) || sourceTypeOf(kindOf(v)) === '5'

/** The hub's input rules, the type derived from the chosen kind before they run. */
const rule = z.preprocess((v) => ({ ...(v as FormValues), sourceType: sourceTypeOf((v as FormValues).dbType) }), contract.dataSourceInputSchema)

/**
 * "Test connection" of a stored source: the hub connects for real (bounded by the source's
 * timeout) and says how it went; its message is shown either way.
 */
export async function testConnection(row: DataSource): Promise<void> {
  const r = await callHub(contract.datasourceTest, { id: row.id }, { quiet: true })
  if (r.ok) {
    const message = r.message || i18n.t('messages:msg_datasource_test_success')
    showToast({ intent: 'success', message: i18n.t('datasource:test_success', { name: row.name, message, ms: r.data.elapsedMs }) })
  } else {
    showToast({ intent: 'error', message: i18n.t('datasource:test_failed', { name: row.name, message: r.message }) })
  }
}

/** The data-source screen (spec part 2 §3: name, type, server, port, database, username, password, timeout, batch counts, timestamp field, table name, primary key). */
export const dataSourceResource: ResourceDefinition<DataSource> = {
  entity: 'datasource:entity',
  changeControl: 'datasource',
  endpoints: { list: contract.datasourceList, create: contract.datasourceCreate, update: contract.datasourceUpdate, remove: contract.datasourceDelete, status: contract.datasourceStatus },
  removeInput: (row) => ({ id: row.id, version: row.version }),
  statusInput: (row, status) => ({ id: row.id, version: row.version, status }),
  status: { field: 'status', on: '1', off: '0' },
  columns: [
    { key: 'name', label: 'datasource:name' },
    { key: 'sourceType', label: 'datasource:source_type', render: (row) => i18n.t(`datasource:source_type_${row.sourceType}`, { defaultValue: row.sourceType }) },
    { key: 'dbType', label: 'datasource:db_type', render: (row) => i18n.t(`datasource:db_type_${row.dbType}`, { defaultValue: row.dbType }) },
    { key: 'applicationCode', label: 'datasource:application_code', minWidth: COLUMN_MIN_WIDTH.short },
    { key: 'host', label: 'datasource:host', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'port', label: 'datasource:port', minWidth: COLUMN_MIN_WIDTH.number },
    { key: 'databaseName', label: 'datasource:database_name' },
    { key: 'updatedAt', label: 'datasource:updated_at', kind: 'date' },
  ],
  filters: [
    { name: 'name', label: 'datasource:name', widget: 'text' },
    { name: 'sourceType', label: 'datasource:source_type', widget: 'select', options: sourceTypeOptions },
    { name: 'dbType', label: 'datasource:db_type', widget: 'select', options: dbTypeOptions },
  ],
  fields: [
    { name: 'name', label: 'datasource:name', widget: 'text', required: true },
    { name: 'dbType', label: 'datasource:db_type', widget: 'select', options: dbTypeOptions, required: true, hint: 'datasource:db_type_hint' },
    // Picked from the enabled applications like the producer and consumer editors do; the name comes with it (issue 24).
    { name: 'applicationCode', label: 'datasource:application_code', widget: 'application', nameField: 'applicationName', required: true },
    { name: 'host', label: 'datasource:host', widget: 'text', required: true, visible: needsServer },
    { name: 'port', label: 'datasource:port', widget: 'text', hint: 'datasource:port_hint', visible: needsServer },
    { name: 'databaseName', label: 'datasource:database_name', widget: 'text', visible: hasDatabase },
    { name: 'databaseName', label: 'datasource:file_path', widget: 'text', required: true, hint: 'datasource:file_path_hint', visible: (v) => kindOf(v) === 'sqlite' },
    // A file location's base folder: consumers write into their fileDir below it.
    { name: 'databaseName', label: 'datasource:base_folder', widget: 'text', required: true, hint: 'datasource:base_folder_hint', visible: (v) => kindOf(v) === 'folder' },
    { name: 'databaseName', label: 'datasource:base_folder', widget: 'text', hint: 'datasource:sftp_base_folder_hint', visible: isSftp },
    // The hub's SQL tools are read-only by their own checks; a read-only account makes it so on the server too.
    { name: 'username', label: 'datasource:username', widget: 'text', hint: 'datasource:username_read_only_hint', visible: hasDatabase },
    { name: 'username', label: 'datasource:username', widget: 'text', required: true, visible: isSftp },
    { name: 'password', label: 'datasource:password', widget: 'password', only: 'create', visible: needsServer },
    { name: 'password', label: 'datasource:password', widget: 'password', only: 'edit', hint: 'datasource:password_keep_hint', visible: needsServer },
    // Write-only like the password: the hub never sends a stored key back.
    { name: 'privateKey', label: 'datasource:private_key', widget: 'textarea', only: 'create', hint: 'datasource:private_key_hint', visible: isSftp },
    { name: 'privateKey', label: 'datasource:private_key', widget: 'textarea', only: 'edit', hint: 'datasource:private_key_keep_hint', visible: isSftp },
    { name: 'hostKey', label: 'datasource:host_key', widget: 'text', hint: 'datasource:host_key_hint', visible: isSftp },
    { name: 'timeout', label: 'datasource:timeout', widget: 'number', hint: 'datasource:timeout_hint' },
    { name: 'batchCount', label: 'datasource:batch_count', widget: 'text', visible: hasTables },
    { name: 'timestampField', label: 'datasource:timestamp_field', widget: 'text', visible: hasTables },
    { name: 'tableName', label: 'datasource:table_name', widget: 'text', visible: hasTables },
    { name: 'primaryKey', label: 'datasource:primary_key', widget: 'text', visible: hasTables },
    { name: 'remark', label: 'datasource:remark', widget: 'textarea' },
    // Issue 33: the status was nowhere in the dialog and a new source was born disabled, so the
    // producer's list stayed empty. It is chosen when creating (enabled unless the administrator
    // wants to keep correcting it) and shown when editing; the list's switch changes it later.
    { name: 'status', label: 'datasource:status', widget: 'radio', options: statusOptions, only: 'create', hint: 'datasource:status_create_hint' },
    { name: 'status', label: 'datasource:status', widget: 'radio', options: statusOptions, only: 'edit', lockedOnEdit: true, hint: 'datasource:status_edit_hint' },
  ],
  rules: { create: rule },
  toForm: (row) => ({
    name: row?.name ?? '',
    dbType: (row?.dbType ?? 'postgresql') as DbType,
    applicationCode: row?.applicationCode ?? '',
    applicationName: row?.applicationName ?? '',
    host: row?.host ?? '',
    port: row?.port ?? '',
    databaseName: row?.databaseName ?? '',
    username: row?.username ?? '',
    // Write-only: the hub never sends it back; empty on edit keeps the stored one.
    password: '',
    privateKey: '',
    hostKey: row?.hostKey ?? '',
    timeout: String(row?.timeout ?? TIMEOUT_DEFAULT),
    batchCount: row?.batchCount ?? '',
    timestampField: row?.timestampField ?? '',
    tableName: row?.tableName ?? '',
    primaryKey: row?.primaryKey ?? '',
    remark: row?.remark ?? '',
    // A new source starts enabled, as the hub's rule defaults it: what producers and consumers are offered.
    status: row?.status ?? '1',
  }),
  toInput: (values, row) => {
    if (!row) return values
    // The status is the switch's business, not the form's.
    const { status: _status, hostKey, ...changes } = values
    // The hub pins a host key without a new version: send it only when the administrator changed
    // it, so a form opened before the first connection does not clear the pin.
    return { ...changes, ...(hostKey !== row.hostKey ? { hostKey } : {}), id: row.id, version: row.version }
  },
  permissions: { create: contract.DATASOURCE_PERMISSION, update: contract.DATASOURCE_PERMISSION, remove: contract.DATASOURCE_PERMISSION, status: contract.DATASOURCE_PERMISSION },
  rowActions: [{ key: 'test', label: 'datasource:test', icon: createElement(PlugConnectedRegular), permission: contract.DATASOURCE_PERMISSION, run: (row) => testConnection(row) }],
}
