import { NO, YES } from '../../../shared/rules/platform/messaging/common'
import type { MessagingDb } from './tables'

/** The aggregates with one default row (a unique index allows one `is_default = YES`). */
type Flagged = 'msg_channels' | 'email_servers'

/** Clears the flag of every other row, first, so the index lets `id` take it. */
export async function clearOtherDefaults(db: MessagingDb, table: Flagged, id: string): Promise<void> {
  await db.updateTable(table).set({ is_default: NO }).where('is_default', '=', YES).where('id', '!=', id).execute()
}

/** Deletes the row unless it is (meanwhile) the default one: the default is never deleted. */
export async function deleteUnlessDefault(db: MessagingDb, table: Flagged, id: string): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).where('is_default', '=', NO).execute()
}
