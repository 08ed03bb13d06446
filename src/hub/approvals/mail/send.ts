import type { Selectable } from 'kysely'
import { translateMessage } from '../../../../locales'
import type { Locale } from '../../../shared/locale'
import type { HubContext } from '../../http/context'
import { recipientsOf, sendHubMail } from '../../platform/messaging/hubMail'
import type { CallbacksTable } from '../../runtime/tables'
import { approvalsDb } from '../tables'
import { issueLink } from './token'

/** Where mail links point: HUB_PUBLIC_URL, else the address the hub listens on. */
export const publicBase = (config: HubContext['config']): string => config.publicUrl ?? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`

/**
 * Sends one approval mail from the outbox: to the task's approver, in Chinese then English
 * (their language is not known), with a link to the hub's approval page carrying a fresh
 * single-use token for this task and approver. A task decided meanwhile sends nothing.
 */
export async function sendApprovalMail(hub: Pick<HubContext, 'store' | 'config'>, row: Selectable<CallbacksTable>, signal: AbortSignal): Promise<void> {
  const db = approvalsDb(hub.store.db)
  const { taskId } = JSON.parse(row.body) as { taskId: string }
  const task = await db.selectFrom('wf_tasks').selectAll().where('id', '=', taskId).executeTakeFirst()
  if (!task || task.state !== 'pending') return
  const instance = await db.selectFrom('wf_instances').select(['title', 'submitter_name']).where('id', '=', task.instance_id).executeTakeFirstOrThrow()
  const change = await db.selectFrom('wf_changes').select('diff').where('instance_id', '=', task.instance_id).executeTakeFirst()
  const approver = await db.selectFrom('users').select(['email', 'name', 'username']).where('id', '=', task.assignee_id).executeTakeFirstOrThrow()
  const to = recipientsOf(approver.email)
  const { token, expiresAt } = await issueLink(db, hub.config, task.id, task.assignee_id)
  const link = `${publicBase(hub.config)}/approve?token=${encodeURIComponent(token)}`
  const fields = change ? (JSON.parse(change.diff) as { field: string }[]).map((d) => d.field).join(', ') : ''
  const text = (locale: Locale) =>
    translateMessage(locale, 'msg_approval_mail_body', { approver: approver.name || approver.username, submitter: instance.submitter_name, title: instance.title, node: task.node_name || task.node_id, fields: fields || '-', expires: expiresAt, link })
  const subject = `${translateMessage('zh-CN', 'msg_approval_mail_subject', { title: instance.title })} / ${translateMessage('en', 'msg_approval_mail_subject', { title: instance.title })}`
  await sendHubMail(hub, to, subject, `${text('zh-CN')}\n\n----\n\n${text('en')}`, signal)
}
