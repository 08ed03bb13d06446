import type { Insertable } from 'kysely'
import type { CallbacksTable, RuntimeDb } from '../../runtime/tables'
import { isoNow, newId } from '../../store/ids'
import type { ApprovalsDb } from '../tables'

import { APPROVAL_MAIL_KIND } from '../../../shared/rules/alarms/outbox'

/** The outbox kind of an approval mail (runtime/report/outbox.ts sends it through ./send.ts). */
export { APPROVAL_MAIL_KIND }
/** Past this the mail is not sent any more (the approver still has the task on the workbench). */
const MAIL_TTL_MS = 24 * 3_600_000

export interface TaskMail {
  taskId: string
  instanceId: string
  title: string
  assigneeId: string
  email: string
}

/**
 * Writes one outbox row per new task whose approver has an email address, in the transaction
 * that made the task: the mail survives the hub stopping and is sent once by one node. The row
 * holds only the task; the link and its token are made when the mail is sent.
 */
export async function queueTaskMails(db: ApprovalsDb, mails: readonly TaskMail[], now = Date.now()): Promise<void> {
  const at = isoNow(now)
  const rows: Insertable<CallbacksTable>[] = mails
    .filter((m) => m.email.trim() !== '')
    .map((m) => ({
      id: newId(),
      message_id: m.taskId,
      kind: APPROVAL_MAIL_KIND,
      owner_id: m.assigneeId,
      consumer_key: `approval:${m.taskId}`,
      channel: 'email',
      object_type: 'approval',
      object_id: m.instanceId,
      title: m.title,
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      lease_until: null,
      body: JSON.stringify({ taskId: m.taskId }),
      last_error: '',
      created_at: at,
      finished_at: null,
      incident_id: null,
      expires_at: isoNow(now + MAIL_TTL_MS),
    }))
  if (rows.length === 0) return
  // The outbox is the runtime's table (migration 0010); the cast only names it for Kysely.
  await (db as unknown as RuntimeDb).insertInto('dh_callbacks').values(rows).onConflict((oc) => oc.columns(['message_id', 'consumer_key']).doNothing()).execute()
}
