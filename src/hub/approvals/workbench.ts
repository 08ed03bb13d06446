import * as contract from '../../shared/contract/approvals/workbench'
import { PROCESS_PERMISSION } from '../../shared/contract/approvals/permissions'
import type { Locale } from '../../shared/locale'
import { signedIn } from '../http/auth'
import { route, type HubContext } from '../http/context'
import { settleChange } from './changes/apply'
import { changeRepository } from './changes/changeRepository'
import { decideTask, undoInstance, type Decision, type StepOutcome } from './instances'
import { queueTaskMails } from './mail/notify'
import { notYourSubject } from './refusals'
import { subjectRepository as subjects } from './subjectRepository'
import { approvalsDb, type ApprovalsDb } from './tables'

/**
 * One step in one transaction: the engine's step and the tasks it makes, their mails in the
 * outbox, and — when the instance ends — its change applied or dropped. Shared with the mail
 * page's decision (mailHandlers.ts), which adds using its link up.
 */
export async function takeStep(hub: HubContext, locale: Locale, step: (tx: ApprovalsDb) => Promise<StepOutcome>, also?: (tx: ApprovalsDb) => Promise<void>): Promise<StepOutcome> {
  return approvalsDb(hub.store.db)
    .transaction()
    .execute(async (tx) => {
      const outcome = await step(tx)
      await queueTaskMails(tx, outcome.mails)
      if (outcome.ended) await settleChange(tx, hub, locale, outcome.instance)
      if (also) await also(tx)
      return outcome
    })
}

export const decide = (hub: HubContext, locale: Locale, d: Decision, also?: (tx: ApprovalsDb) => Promise<void>) =>
  takeStep(hub, locale, (tx) => decideTask(tx, hub.store.kind, d), also)

export const subjectList = route(contract.subjectList, async (q, call) => subjects.list(approvalsDb(call.hub.store.db), { ...q, viewerId: signedIn(call).userId }))

/** Its submitter and approvers see a subject; so do process administrators. */
export const subjectDetail = route(contract.subjectDetail, async ({ id }, call) => {
  const db = approvalsDb(call.hub.store.db)
  const { userId } = signedIn(call)
  const row = await subjects.instance(db, id)
  if (!(await subjects.involves(db, row, userId)) && !(await call.hub.access.permissionsOf(call.hub, userId)).includes(PROCESS_PERMISSION)) throw notYourSubject()
  return subjects.detail(db, row, userId)
})

export const pendingCount = route(contract.pendingCount, async (_input, call) => ({ count: await subjects.pendingCount(approvalsDb(call.hub.store.db), signedIn(call).userId) }))

export const taskApprove = route(contract.taskApprove, async ({ taskId, comment }, call) => {
  const userId = signedIn(call).userId
  const { instance } = await decide(call.hub, call.locale, { taskId, userId, approve: true, comment })
  return subjects.one(approvalsDb(call.hub.store.db), instance, userId)
})

export const taskReject = route(contract.taskReject, async ({ taskId, comment }, call) => {
  const userId = signedIn(call).userId
  const { instance } = await decide(call.hub, call.locale, { taskId, userId, approve: false, comment })
  return subjects.one(approvalsDb(call.hub.store.db), instance, userId)
})

export const subjectUndo = route(contract.subjectUndo, async ({ id }, call) => {
  const userId = signedIn(call).userId
  const { instance } = await takeStep(call.hub, call.locale, (tx) => undoInstance(tx, call.hub.store.kind, id, userId))
  return subjects.one(approvalsDb(call.hub.store.db), instance, userId)
})

export const changingObjects = route(contract.changingObjects, async (input, call) =>
  (await changeRepository.allChanging(approvalsDb(call.hub.store.db), input?.objectType)).map((r) => ({ ...r, objectType: r.objectType as contract.ChangingObject['objectType'] })),
)
