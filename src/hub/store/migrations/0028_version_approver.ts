import type { Kysely } from 'kysely'

/**
 * Who approved a change (issue 33 item 9): an approved change is saved as its submitter, so the
 * version history named the submitter only. `version_backtracks.approved_by` holds the names of
 * the approvers whose decisions applied it, in the order they decided ("审核员, 王经理"); null for
 * a save that needed no approval, and for every record written before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('version_backtracks').addColumn('approved_by', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('version_backtracks').dropColumn('approved_by').execute()
}
