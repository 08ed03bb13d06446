import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { makeStyles, MessageBar, MessageBarBody, Spinner, Text, Title2, tokens } from '@fluentui/react-components'
import { approveCommon, approveDetail } from '../../../shared/contract/approvals/mailApproval'
import type { Subject } from '../../../shared/contract/approvals/workbench'
import { callHub } from '../../api/hub'
import { useHubQuery } from '../../api/query'
import { AppLink } from '../../components/AppLink'
import { formatDateTime } from '../../components/formatDateTime'
import { useConfirm } from '../../components/useConfirm'
import { DecisionBar, type Decision } from '../workflow/workbench/DecisionBar'
import { SubjectState } from '../workflow/workbench/SubjectState'
import { SubjectView } from '../workflow/workbench/SubjectView'

const useStyles = makeStyles({
  page: { boxSizing: 'border-box', minHeight: '100vh', padding: tokens.spacingHorizontalXXL, backgroundColor: tokens.colorNeutralBackground2 },
  card: {
    boxSizing: 'border-box',
    maxWidth: '1100px',
    margin: '0 auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
  },
  note: { color: tokens.colorNeutralForeground3 },
})

/**
 * The unsigned approval page (spec: /approveDetail, /approveDetailH5, /approveCommon, /approveH5,
 * /approve reachable without sign-in; issue 19): what an approval mail's link opens — in the
 * desktop through the datahub-console:// deep link — showing only that task: the change side by
 * side, the progress, the record, and approve / reject with the link's token. The token works
 * once, for its task and approver, until it expires; the hub says which when it refuses.
 */
export default function ApprovePage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const { confirm, dialog } = useConfirm()
  const detail = useHubQuery(approveDetail, { token }, { quiet: true, enabled: token !== '' })
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [decided, setDecided] = useState<Subject | null>(null)
  const subject = detail.data

  async function decide(result: Decision, comment: string) {
    setMessage(null)
    setBusy(true)
    const r = await callHub(approveCommon, { token, result, comment }, { quiet: true })
    setBusy(false)
    if (!r.ok) return setMessage(r.message)
    setDecided(r.data)
  }

  const refusal = token === '' ? t('messages:msg_approval_link_invalid') : (detail.error?.message ?? null)
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <Title2 as="h1">{subject?.title ?? t('workflow:approval_page')}</Title2>
        {subject && (
          <Text className={styles.note}>
            {t('workflow:approval_page_for', { name: subject.approverName, expires: formatDateTime(subject.expiresAt) })}
          </Text>
        )}
        {!subject && !refusal && detail.loading && <Spinner label={t('widgets:loading')} />}
        {refusal && !subject && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{refusal}</MessageBarBody>
          </MessageBar>
        )}
        {message && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{message}</MessageBarBody>
          </MessageBar>
        )}
        {decided && (
          <MessageBar intent="success" role="status">
            <MessageBarBody>
              {t('workflow:approval_page_done')} <SubjectState state={decided.state} />
            </MessageBarBody>
          </MessageBar>
        )}
        {subject && <SubjectView subject={subject} />}
        {subject && !decided && subject.myTaskId && subject.state === 'reviewing' && <DecisionBar busy={busy} confirm={confirm} onDecide={(d, c) => void decide(d, c)} />}
        <AppLink to="/">{t('workflow:approval_page_console')}</AppLink>
      </div>
      {dialog}
    </main>
  )
}
