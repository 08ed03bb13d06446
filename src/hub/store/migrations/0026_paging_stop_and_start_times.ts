import type { Kysely } from 'kysely'

/**
 * Issue 32's two store changes:
 *
 * - Why a scheduled run's paging stopped (item 2): `dh_runs.paging_stop` holds one of
 *   shared/rules/datahub/pagingStop.ts's PAGING_STOP_REASONS ('empty', 'short', 'next', 'pages',
 *   'total', 'repeat'), written with the run's last batch; '' for a run that did not page, had
 *   not reached its last page, or ran before this migration.
 * - One form of a schedule's start (item 11): `producers.polling_start_time` is stored as
 *   `yyyy-MM-ddTHH:mm:ss` (shared/rules/dateTime.ts) from now on; rows saved before in the
 *   datetime-local form without seconds get them, so every row reads back in the one form.
 *   Row by row, not `||`: MariaDB reads `||` as OR.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dh_runs').addColumn('paging_stop', 'text', (c) => c.notNull().defaultTo('')).execute()
  const producers = (db as Kysely<{ producers: { id: string; polling_start_time: string } }>)
  const rows = await producers.selectFrom('producers').select(['id', 'polling_start_time']).where('polling_start_time', '!=', '').execute()
  for (const row of rows) {
    const value = row.polling_start_time.trim()
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) continue
    await producers.updateTable('producers').set({ polling_start_time: `${value}:00` }).where('id', '=', row.id).execute()
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dh_runs').dropColumn('paging_stop').execute()
}
