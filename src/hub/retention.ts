import { purgeAlarms } from './alarms/purge'
import type { Job } from './kernel/jobs'
import { purgeApprovalMails } from './approvals/mail/purge'
import { purgeOperationLogs } from './logs/purge'
import { purgeExpired } from './runtime/queue/messages'
import { purgeRuns } from './runtime/schedule/runs'
import { runtimeDb } from './runtime/tables'
import type { Store } from './store'

/**
 * The hub's periodic retention pass (a job of the hub's jobs runner, retentionJob): each kind
 * of kept record is purged by the module that owns it, by its own keeping rule —
 * - the message log, its payloads, rollups and callbacks: the topic's logStoreDay /
 *   logDataStoreDay (runtime/queue/messages.ts);
 * - the scheduled producers' ended runs: their purge_at, set from the topic's logStoreDay when
 *   the run was claimed (runtime/schedule/runs.ts; the scheduler purged them itself before);
 * - resolved incidents and their notices: 30 days (alarms/purge.ts);
 * - approval mails and used mail links: a week (approvals/mail/purge.ts);
 * - the audit, system, client-error and behaviour logs: the `audit.keepDays` and `log.keepDays`
 *   parameters (logs/purge.ts).
 * Answers what the message log's purge dropped (the figures the runtime's tests read).
 */
export async function purgeRetention(store: Store, now: number = Date.now()): Promise<{ payloads: number; messages: number }> {
  const purged = await purgeExpired(store, now)
  const db = runtimeDb(store.db)
  await purgeRuns(db, now)
  await purgeAlarms(db, now)
  await purgeApprovalMails(db, now)
  await purgeOperationLogs(store.db, now)
  return purged
}

/**
 * The retention pass as a job, every purgeEveryMs (runtime settings), registered where the hub
 * is composed (server.ts) on the nodes that deliver, as when the delivery worker ran it itself.
 */
export const retentionJob = (store: Store, everyMs: number): Job => ({ name: 'retention', everyMs, run: (now) => purgeRetention(store, now) })
