import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Field, makeStyles, Textarea, tokens } from '@fluentui/react-components'
import { CheckmarkRegular, DismissRegular } from '@fluentui/react-icons'
import type { ConfirmRequest } from '../../../components/useConfirm'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
})

export type Decision = 'approve' | 'reject'

export interface DecisionBarProps {
  busy: boolean
  confirm: (request: ConfirmRequest) => Promise<boolean>
  onDecide: (decision: Decision, comment: string) => void
}

/**
 * An approver's decision (the workbench and the mail link's page alike): a comment, then approve
 * or reject, each asked first (the spec's confirmations). A rejection needs its reason (the hub
 * says so too, msg_process_comment_missing).
 */
export function DecisionBar({ busy, confirm, onDecide }: DecisionBarProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [comment, setComment] = useState('')
  const [missing, setMissing] = useState(false)

  async function decide(decision: Decision) {
    if (decision === 'reject' && comment.trim() === '') return setMissing(true)
    setMissing(false)
    const ok = await confirm({
      title: t(`workflow:${decision}_title`),
      message: t(`workflow:${decision}_confirm`),
      confirmLabel: t(`workflow:${decision}`),
    })
    if (ok) onDecide(decision, comment.trim())
  }

  return (
    <div className={styles.root} role="group" aria-label={t('workflow:decision')}>
      <Field label={t('workflow:comment')} validationMessage={missing ? t('messages:msg_process_comment_missing') : undefined}>
        <Textarea value={comment} maxLength={1000} resize="vertical" onChange={(_, d) => setComment(d.value)} />
      </Field>
      <div className={styles.buttons}>
        <Button appearance="primary" icon={<CheckmarkRegular />} disabled={busy} onClick={() => void decide('approve')}>
          {t('workflow:approve')}
        </Button>
        <Button icon={<DismissRegular />} disabled={busy} onClick={() => void decide('reject')}>
          {t('workflow:reject')}
        </Button>
      </div>
    </div>
  )
}
