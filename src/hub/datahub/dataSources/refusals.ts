import { conflict, notFound } from '../../kernel/refusal'

/**
 * Refusals of data sources, authentication and the SQL tools (spec part 2 §8 "Datasource:
 * connection failure, driver load failure, unsupported database type, edit not allowed while
 * enabled"; existence "datasource does not exist", "authentication does not exist").
 * A failed connection or query is '4090': the request was fine, the source's state refused it.
 */
export const datasourceNotFound = notFound('msg_datasource_not_found')
export const authenticationNotFound = notFound('msg_authentication_not_found')

export const datasourceNameDuplicate = conflict('msg_datasource_name_duplicate')
export const datasourceEditEnabled = conflict('msg_datasource_edit_enabled')
export const datasourceDeleteEnabled = conflict('msg_datasource_delete_enabled')
export const datasourceInUse = conflict('msg_datasource_in_use')
export const datasourceDisabled = conflict('msg_datasource_disabled')
export const datasourceTypeUnsupported = conflict('msg_datasource_type_unsupported')
/** A kind this hub has no driver for (hive, hbase, phoenix): said plainly, never a fake success. */
export const driverUnavailable = conflict('msg_datasource_driver_unavailable')
export const connectFailed = conflict('msg_datasource_connect_failed')
export const connectTimeout = conflict('msg_datasource_connect_timeout')
export const authenticationNameDuplicate = conflict('msg_authentication_name_duplicate')
export const authenticationDeleteEnabled = conflict('msg_authentication_delete_enabled')

/**
 * Transport failures of a connection test (refused, reset, unreachable, timed out, not the
 * source's protocol) all answer this one message: see connect/index.ts.
 */
export const datasourceUnreachable = conflict('msg_datasource_unreachable')
/**
 * An SFTP server showed another host key than the one pinned: possibly someone in between, so
 * nothing is sent to it. An administrator who knows the key was replaced clears the pinned one.
 */
export const hostKeyChanged = conflict('msg_datasource_host_key_changed')
/** An SFTP private key the hub cannot read (format, or a wrong passphrase). */
export const privateKeyInvalid = conflict('msg_datasource_private_key_invalid')
/** A SQLite source naming a file outside the hub's folder for them (connect/sqliteFile.ts). */
export const sqliteOutsideFolder = conflict('msg_sqlite_outside_folder')

/**
 * A PostgreSQL source whose connection reached the hub's own store (same cluster, same
 * database; connect/postgres.ts): its users, password hashes and role grants are not a data
 * source, whatever address or port names them.
 */
export const HUB_STORE_KEY = 'msg_datasource_hub_store'
export const hubStoreRefused = conflict(HUB_STORE_KEY)

export const sqlNotQuery = conflict('msg_sql_not_query')
export const sqlFunctionDenied = conflict('msg_sql_function_denied')
/** The preview's process ran out of memory (SQLite): the hub stays up and says so. */
export const sqlTooLarge = conflict('msg_sql_too_large')
export const sqlReadOnly = conflict('msg_sql_read_only')
export const sqlTimeout = conflict('msg_sql_timeout')
export const sqlFailed = conflict('msg_sql_failed')
export const tableNotFound = conflict('msg_table_not_found')
export const sqlToolUnsupported = conflict('msg_sql_tool_unsupported')
