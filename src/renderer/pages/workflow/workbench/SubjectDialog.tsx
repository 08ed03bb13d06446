import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components'
import { ArrowUndoRegular } from '@fluentui/react-icons'
import * as workbench from '../../../../shared/contract/approvals/workbench'
import { callHub } from '../../../api/hub'
import { invalidate, useHubQuery } from '../../../api/query'
import { showToast } from '../../../api/signals'
import { ToolDialog } from '../../../components/ToolDialog'
import { useConfirm } from '../../../components/useConfirm'
import { DecisionBar, type Decision } from './DecisionBar'
import { SubjectView } from './SubjectView'

/** After a decision or an undo: the lists, the menu badge and the "changing" marks ask again. */
const STALE = [workbench.subjectList, workbench.subjectDetail, workbench.pendingCount, workbench.changingObjects]

/**
 * A subject opened from the workbench: its view, and what the caller may do — decide their
 * pending task (approve / reject) or, as its submitter while it is reviewing, undo it; each asked
 * first. A refusal (decided meanwhile, raced by another approver) shows its message and the
 * subject is read again.
 */
export function SubjectDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation()
  const { confirm, dialog } = useConfirm()
  const detail = useHubQuery(workbench.subjectDetail, { id })
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const subject = detail.data

  async function settle(r: { ok: boolean; message: string }, done: string) {
    setBusy(false)
    if (!r.ok) {
      setMessage(r.message)
      detail.reload()
      return
    }
    showToast({ intent: 'success', message: done })
    invalidate(...STALE)
    onClose()
  }
  async function decide(decision: Decision, comment: string) {
    if (!subject?.myTaskId) return
    setMessage(null)
    setBusy(true)
    const input = { taskId: subject.myTaskId, comment }
    const r = decision === 'approve' ? await callHub(workbench.taskApprove, input, { quiet: true }) : await callHub(workbench.taskReject, input, { quiet: true })
    await settle(r, t(decision === 'approve' ? 'workflow:approved' : 'workflow:rejected'))
  }
  async function undo() {
    if (!subject) return
    if (!(await confirm({ title: t('workflow:undo_title'), message: t('workflow:undo_confirm'), confirmLabel: t('workflow:undo') }))) return
    setMessage(null)
    setBusy(true)
    await settle(await callHub(workbench.subjectUndo, { id: subject.id }, { quiet: true }), t('workflow:undone'))
  }

  return (
    <ToolDialog title={subject?.title ?? t('workflow:subject')} size="full" onClose={onClose} busy={busy} nested={dialog}>
      {!subject && detail.loading && <Spinner label={t('widgets:loading')} />}
      {message && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      {subject && <SubjectView subject={subject} />}
      {subject?.myTaskId && subject.state === 'reviewing' && <DecisionBar busy={busy} confirm={confirm} onDecide={(d, c) => void decide(d, c)} />}
      {subject?.canUndo && (
        <div>
          <Button icon={<ArrowUndoRegular />} disabled={busy} onClick={() => void undo()}>
            {t('workflow:undo')}
          </Button>
        </div>
      )}
    </ToolDialog>
  )
}
