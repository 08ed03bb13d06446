/**
 * Functions a preview may not call, on any kind of source (a PostgreSQL name means nothing to
 * MariaDB and the other way round, so one list serves all). A read-only transaction does not
 * stop them: they read or write files on the database server, stop other sessions, change the
 * server's settings or replication, or run SQL given as text (which would hide any of the
 * others from this check). Matched on the lexer's words and quoted names, so `"pg_read_file"(…)`
 * and `pg_catalog.pg_read_file(…)` are caught too.
 *
 * sleep / pg_sleep / benchmark stay allowed: the source's statement time limit ends them, and
 * an administrator uses them to check that limit.
 */
const EXACT = new Set([
  // PostgreSQL: sessions, server files, large objects (server-side import/export), settings.
  'pg_terminate_backend', 'pg_cancel_backend', 'pg_stat_file', 'pg_reload_conf', 'pg_rotate_logfile', 'pg_promote',
  'pg_switch_wal', 'pg_logdir_ls', 'lo_import', 'lo_export', 'lo_unlink', 'lo_create', 'lo_creat', 'lo_put', 'lo_from_bytea',
  'lo_truncate', 'lowrite', 'set_config',
  // PostgreSQL: functions that run the SQL text they are given.
  'query_to_xml', 'query_to_xml_and_xmlschema', 'query_to_xmlschema', 'cursor_to_xml', 'ts_stat',
  // MySQL / MariaDB: server files and shell UDFs.
  'load_file', 'sys_exec', 'sys_eval',
  // SQLite: extensions and the file functions of the fileio extension.
  'load_extension', 'readfile', 'writefile', 'fts3_tokenizer',
])
/** Families: pg_read_file / pg_read_binary_file, pg_ls_dir / pg_ls_logdir …, pg_file_write (adminpack), replication slots, dblink. */
const PREFIXES = ['pg_read_', 'pg_ls_', 'pg_file_', 'pg_create_', 'pg_drop_', 'pg_replication_', 'pg_logical_', 'pg_wal_replay_', 'dblink']

/** The denied function a word or name is, else null. */
export function deniedFunction(name: string): string | null {
  if (EXACT.has(name) || PREFIXES.some((p) => name.startsWith(p))) return name
  return null
}
