import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../useConfirm'
import { approvalRequired } from './approvalRequirement'

/**
 * The spec's "submit audit" confirmation (issue 19): before a save the change gate covers, a
 * user whose role requires approval is told the change goes to review and asked to submit it.
 * `ask()` is true when the save may go ahead (no approval needed, or confirmed); a no leaves the
 * form as it is. Render `dialog` once where the hook is used.
 */
export function useSubmitAudit(): { ask: () => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation()
  const { confirm, dialog } = useConfirm()
  const ask = async () =>
    !(await approvalRequired()) ||
    confirm({ title: t('workflow:submit_audit_title'), message: t('workflow:submit_audit_confirm'), confirmLabel: t('workflow:submit_audit_ok') })
  return { ask, dialog }
}
