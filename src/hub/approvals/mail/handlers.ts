import * as contract from '../../../shared/contract/approvals/mailApproval'
import type { MailSubject } from '../../../shared/contract/approvals/mailApproval'
import type { Subject } from '../../../shared/contract/approvals/workbench'
import type { Locale } from '../../../shared/locale'
import { route, type HubContext } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { ResultCode } from '../../../shared/envelope'
import { subjectRepository as subjects } from '../subjectRepository'
import { statusRefuses, taskNotFound } from '../refusals'
import { approvalsDb } from '../tables'
import { decide } from '../workbench'
import { readLink, useLink } from './token'

/** The subject a link opens, as its approver sees it; refused once the task is decided (the link has nothing left to do). */
export async function linkedSubject(hub: HubContext, token: string): Promise<MailSubject> {
  const db = approvalsDb(hub.store.db)
  const grant = await readLink(db, hub.config, token)
  const task = await db.selectFrom('wf_tasks').selectAll().where('id', '=', grant.taskId).executeTakeFirst()
  if (!task) throw taskNotFound()
  if (task.state !== 'pending') throw statusRefuses()
  const row = await subjects.instance(db, task.instance_id)
  const detail = await subjects.detail(db, row, grant.userId)
  return { ...detail, myTaskId: task.id, canUndo: false, approverName: task.assignee_name, expiresAt: grant.expiresAt }
}

/** Decides the link's task as its approver and uses the link up, in one transaction. */
export async function decideByLink(hub: HubContext, locale: Locale, token: string, result: 'approve' | 'reject', comment: string): Promise<Subject> {
  const db = approvalsDb(hub.store.db)
  const grant = await readLink(db, hub.config, token)
  if (result === 'reject' && comment.trim() === '') throw new Refusal(ResultCode.validation, 'msg_validation_failed', {}, [{ path: 'comment', key: 'msg_process_comment_missing' }])
  const { instance } = await decide(hub, locale, { taskId: grant.taskId, userId: grant.userId, approve: result === 'approve', comment: comment.trim() }, (tx) => useLink(tx, grant))
  return subjects.one(db, instance, grant.userId)
}

export const approveDetail = route(contract.approveDetail, async ({ token }, call) => linkedSubject(call.hub, token))
export const approveDetailH5 = route(contract.approveDetailH5, async ({ token }, call) => linkedSubject(call.hub, token))
export const approveCommon = route(contract.approveCommon, async ({ token, result, comment }, call) => decideByLink(call.hub, call.locale, token, result, comment))
