import type { RuntimeDb } from '../../runtime/tables'
import { isoNow } from '../../store/ids'
import type { ApprovalTables } from '../tables'
import { APPROVAL_MAIL_KIND } from './notify'

/** How long sent or failed approval mails stay in the message centre, and used or expired links in the store. */
const KEEP_MS = 7 * 24 * 3_600_000

/**
 * Part of the hub's retention pass (src/hub/retention.ts): approval mails belong to no message,
 * so the message log's purge leaves them, and they go here once finished a week.
 */
export async function purgeApprovalMails(db: RuntimeDb, now = Date.now()): Promise<void> {
  const before = isoNow(now - KEEP_MS)
  await db.deleteFrom('dh_callbacks').where('kind', '=', APPROVAL_MAIL_KIND).where('status', 'not in', ['pending', 'sending', 'scheduled']).where('created_at', '<', before).execute()
  await db.withTables<Pick<ApprovalTables, 'wf_mail_tokens'>>().deleteFrom('wf_mail_tokens').where('expires_at', '<', before).execute()
}
