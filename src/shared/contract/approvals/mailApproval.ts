import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { subjectDetailSchema, subjectSchema } from './workbench'

/**
 * Approval from a mail, without signing in (spec: /approve, /approveDetail, /approveCommon and
 * their H5 forms are reachable unsigned). The mail's link carries a signed token bound to one
 * task and its approver, that expires and works once. The hub serves a small page at its root,
 * `GET /approve?token=…` (and `/approveH5`, the phone layout), whose buttons post the decision;
 * these two calls are the same for the console's own unsigned page (desktop deep link).
 */
const token = z.string({ error: 'msg_approval_link_invalid' }).trim().min(1, 'msg_approval_link_invalid').max(2000, 'msg_approval_link_invalid')
const publicBase = { area: 'platform', access: 'public' } as const

export const mailSubjectSchema = subjectDetailSchema.extend({
  approverName: z.string(),
  /** When the link stops working. */
  expiresAt: z.string(),
})
export type MailSubject = z.output<typeof mailSubjectSchema>

/** The subject the link opens, seen as its approver (myTaskId is the link's task). Does not use the link up. */
export const approveDetail = defineEndpoint({ ...publicBase, id: 'platform.approve.detail', method: 'GET', path: '/approveDetail', input: z.object({ token }), output: mailSubjectSchema })
export const approveDetailH5 = defineEndpoint({ ...publicBase, id: 'platform.approve.detailH5', method: 'GET', path: '/approveDetailH5', input: z.object({ token }), output: mailSubjectSchema })

/** Decides the link's task (a rejection needs a comment) and uses the link up. */
export const approveCommon = defineEndpoint({
  ...publicBase,
  id: 'platform.approve.common',
  method: 'POST',
  path: '/approveCommon',
  input: z.object({ token, result: z.enum(['approve', 'reject'], { error: 'msg_field_invalid' }), comment: z.string().max(1000, 'msg_process_comment_too_long').default('') }),
  output: subjectSchema,
})
