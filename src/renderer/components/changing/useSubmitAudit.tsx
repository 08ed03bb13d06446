import { useCallback, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm, type ConfirmRequest } from '../useConfirm'
import { approvalRequired } from './approvalRequirement'

/**
 * What a confirmed action of a change-controlled object does: nothing ('no': the user said no,
 * nothing is sent), takes effect at once ('apply') or goes to review ('submit': the hub will
 * answer 2020 and the object keeps its state until the change is approved).
 */
export type AuditAnswer = 'no' | 'apply' | 'submit'

export interface SubmitAudit {
  /** Before a save that asks nothing of its own (editors): true when the save may go ahead. */
  ask: () => Promise<boolean>
  /**
   * Before a status switch or a delete, which ask their own question already ("disable it?",
   * "delete it?"). For a user whose role requires approval that question and "submit audit" are
   * one dialog, not two in a row: titled and labelled as the submit-audit question, its message
   * the action's own question followed by the note that it goes to review. The least clicks
   * (one, as for everybody else) while still saying, before anything is sent, that the change is
   * submitted for review rather than made. A user who needs no approval sees the question as it was.
   */
  confirmAction: (request: ConfirmRequest) => Promise<AuditAnswer>
  /** The hook's own dialog: render it once, unless the caller's own `confirm` was given. */
  dialog: ReactNode
}

/**
 * The spec's "submit audit" confirmation (issue 19): before a save the change gate covers, a
 * user whose role requires approval is told the change goes to review and asked to submit it.
 * A no leaves the form, or the switch, as it is. `confirmWith`: the page's own confirmation
 * (useConfirm's `confirm`), so a page that already asks before its actions keeps one dialog.
 */
export function useSubmitAudit(confirmWith?: (request: ConfirmRequest) => Promise<boolean>): SubmitAudit {
  const { t } = useTranslation()
  const own = useConfirm()
  const confirm = confirmWith ?? own.confirm
  const ask = useCallback(
    async () =>
      !(await approvalRequired()) ||
      confirm({ title: t('workflow:submit_audit_title'), message: t('workflow:submit_audit_confirm'), confirmLabel: t('workflow:submit_audit_ok') }),
    [confirm, t],
  )
  const confirmAction = useCallback(
    async (request: ConfirmRequest): Promise<AuditAnswer> => {
      const submits = await approvalRequired()
      const asked = submits
        ? { title: t('workflow:submit_audit_title'), message: t('workflow:submit_audit_action', { question: request.message }), confirmLabel: t('workflow:submit_audit_ok') }
        : request
      if (!(await confirm(asked))) return 'no'
      return submits ? 'submit' : 'apply'
    },
    [confirm, t],
  )
  return { ask, confirmAction, dialog: confirmWith ? null : own.dialog }
}
