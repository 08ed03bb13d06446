import { APPROVAL_MAIL_KIND } from '../../../shared/rules/alarms/outbox'
import { personRetry } from '../../kernel/outboxKinds'
import type { HubOutboxKinds } from '../../runtime/report/outboxKind'
import { sendApprovalMail } from './send'

/** The approver's mail as an outbox kind, retried like an alarm notice: a person waits for it. */
export function registerApprovalMailKind(outbox: HubOutboxKinds): void {
  outbox.register({ kind: APPROVAL_MAIL_KIND, ...personRetry, send: sendApprovalMail })
}
