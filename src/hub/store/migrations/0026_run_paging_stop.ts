import type { Kysely } from 'kysely'

/**
 * Why a scheduled run's paging stopped (issue 32 item 2): `dh_runs.paging_stop` holds one of
 * shared/rules/datahub/pagingStop.ts's PAGING_STOP_REASONS ('empty', 'short', 'next', 'pages',
 * 'total', 'repeat'), written with the run's last batch; '' for a run that did not page, had not
 * reached its last page, or ran before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dh_runs').addColumn('paging_stop', 'text', (c) => c.notNull().defaultTo('')).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dh_runs').dropColumn('paging_stop').execute()
}
