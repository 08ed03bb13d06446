import type { Kysely } from 'kysely'
import type { Locale } from '../../../shared/locale'
import { decryptSecret, secretKey } from '../../kernel/secrets'
import { withApprover } from '../../datahub/versionApprover'
import type { HubContext } from '../../http/context'
import { validationRefusal } from '../../http/validation'
import type { HubDatabase } from '../../store/schema'
import { isoNow } from '../../store/ids'
import type { ApprovalsDb, ChangeRow, InstanceRow } from '../tables'
import { changeRepository as changes } from './changeRepository'
import { enlisted } from './enlisted'
import { CONTROLLED_SAVES } from './objects'

/**
 * Applies an approved change through the object's normal save: the handler of the endpoint the
 * submitter called, with their input as they sent it and as them (so the version history says
 * who changed it), inside the approval's transaction (enlisted.ts). The save's own rules run
 * again — version, duplicates, "in use" — and a refusal rolls the approval back. The version
 * records it writes name who approved it (the approvers of the instance's approved tasks).
 */
async function applyChange(tx: ApprovalsDb, hub: HubContext, locale: Locale, change: ChangeRow): Promise<void> {
  const save = CONTROLLED_SAVES.get(change.endpoint_id)
  if (!save) throw new Error(`change ${change.id} names ${change.endpoint_id}, which is not under change control`)
  const raw: unknown = JSON.parse(decryptSecret(secretKey(hub.config.dataDir), change.input))
  const input = save.route.endpoint.input.safeParse(raw, { reportInput: true })
  if (!input.success) throw validationRefusal(input.error)
  const db = enlisted(tx as never) as unknown as Kysely<HubDatabase>
  const approvers = await tx.selectFrom('wf_tasks').select('assignee_name').where('instance_id', '=', change.instance_id).where('state', '=', 'approved').orderBy('handled_at').execute()
  const approvedBy = [...new Set(approvers.map((a) => a.assignee_name))].join(', ')
  const replay = () =>
    save.route.handle(input.data, {
      hub: { ...hub, store: { ...hub.store, db } },
      locale,
      session: { userId: change.submitter_id, tokenHash: '', mustChangePassword: false },
      raw,
    })
  // Approved on submission (no approver needed): an ordinary save.
  await (approvedBy ? withApprover(approvedBy, replay) : replay())
}

/**
 * After an instance ended: its change applied (approved) or dropped (rejected, undone), and the
 * object free again either way. In the transaction of the step that ended it.
 */
export async function settleChange(tx: ApprovalsDb, hub: HubContext, locale: Locale, instance: InstanceRow): Promise<void> {
  const change = await changes.ofInstance(tx, instance.id)
  if (!change || change.state !== 'reviewing') return
  if (instance.state === 'approved') await applyChange(tx, hub, locale, change)
  await changes.end(tx, change.id, instance.state, isoNow())
}
