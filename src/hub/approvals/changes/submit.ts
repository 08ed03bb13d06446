import { translateMessage } from '../../../../locales'
import { shownAction } from '../../../shared/rules/approvals/shownAction'
import { encryptSecret, secretKey } from '../../kernel/secrets'
import { author } from '../../datahub/saving'
import { signedIn } from '../../http/auth'
import type { CallContext } from '../../http/context'
import { isoNow, newId } from '../../store/ids'
import { isUniqueViolation } from '../../store/uniqueViolation'
import { organisationsOf } from '../approvers'
import { startInstance } from '../instances'
import { queueTaskMails } from '../mail/notify'
import { processRepository } from '../processRepository'
import { changeSubmitted, dataChanging, processNotDeployed } from '../refusals'
import { approvalsDb, type ApprovalsDb } from '../tables'
import { settleChange } from './apply'
import { changeRepository as changes } from './changeRepository'
import { diffOf, proposed, shown } from './diff'
import type { ControlledSave } from './objects'

type Content = Record<string, unknown>
const asContent = (v: unknown): Content => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Content) : {})

/**
 * Submits a save as a change request instead of applying it: the record as it is now and as the
 * change would leave it (secrets masked), the fields that differ, and an instance of the role's
 * process on its newest deployed version, whose first approvers get their tasks and mails. The
 * object is "changing" from now on (the partial unique index refuses a second request). The
 * caller hears '2020' msg_change_submitted — unless the process needs no approval on the path
 * the variables take, when the change is applied at once like any save.
 */
export async function submitChange(call: CallContext, save: ControlledSave, input: unknown, objectId: string, processKey: string): Promise<unknown> {
  const db = approvalsDb(call.hub.store.db)
  const { object, action } = save
  const before = objectId ? asContent(await object.get.handle({ id: objectId }, call)) : null
  const sent = action === 'create' ? asContent(input) : asContent(call.raw)
  const beforeShown = shown(before, object.omit)
  const afterShown = shown(proposed(action, before, sent), object.omit)
  const diff = diffOf(beforeShown, afterShown)
  const deployment = (await processRepository.latestDeployments(db, [processKey])).get(processKey)
  if (!deployment) throw processNotDeployed()
  const { userId } = signedIn(call)
  const who = await author(call)
  const record = afterShown ?? beforeShown ?? {}
  const name = object.nameOf(record) || objectId
  const variables = {
    objectType: object.type,
    action,
    application: object.applicationOf(record),
    organisation: (await organisationsOf(db, userId)).join(','),
    changeSize: diff.length,
    submitter: who.username,
  }
  const title = translateMessage(call.locale, `msg_subject_title_${shownAction(action, afterShown)}`, {
    objectType: translateMessage(call.locale, `msg_change_object_${object.type}`),
    name,
  })
  const changeId = newId()
  const applied = await db.transaction().execute(async (tx) => {
    const outcome = await startInstance(tx, { deployment, title, businessType: 'change', businessId: changeId, variables, submitter: { id: userId, name: who.username } })
    try {
      await changes.insert(tx, {
        id: changeId,
        instance_id: outcome.instance.id,
        object_type: object.type,
        object_id: objectId,
        object_name: name,
        action,
        endpoint_id: save.route.endpoint.id,
        // The input as sent, encrypted: it may hold a data source's password.
        input: encryptSecret(secretKey(call.hub.config.dataDir), JSON.stringify(call.raw ?? input)),
        before_content: beforeShown ? JSON.stringify(beforeShown) : null,
        after_content: afterShown ? JSON.stringify(afterShown) : null,
        diff: JSON.stringify(diff),
        change_size: diff.length,
        base_version: typeof before?.version === 'number' ? before.version : null,
        state: 'reviewing',
        submitter_id: userId,
        created_at: isoNow(),
        ended_at: null,
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw dataChanging()
      throw err
    }
    await queueTaskMails(tx, outcome.mails)
    if (!outcome.ended) return false
    await settleChange(tx, call.hub, call.locale, outcome.instance)
    return true
  })
  if (!applied) throw changeSubmitted(name)
  // Approved on the spot: the caller gets what the save answers, read as it is now.
  return objectId && action !== 'delete' ? object.get.handle({ id: objectId }, call) : null
}

/** Whether the object has a change under review. */
export const isChanging = (db: ApprovalsDb, save: ControlledSave, objectId: string) => changes.changing(db, save.object.type, objectId)
