import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components'
import { emailServerSendTestMail, type EmailServer } from '../../../../shared/contract/platform/messaging/emailServers'
import { mailAddressRule } from '../../../../shared/rules/platform/messaging/emailServer'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { FormField } from '../../../components/FormField'

/**
 * "Send test mail" of one email server: the recipient is typed here, the hub sends a real mail
 * through the stored server. A refusal (server unreachable, account refused) stays in the
 * dialog with the hub's message, and the address typed is kept for another try.
 */
export function TestMailDialog({ server, onClose }: { server: EmailServer; onClose: () => void }) {
  const { t } = useTranslation()
  const [to, setTo] = useState('')
  const [errorKey, setErrorKey] = useState<string | undefined>()
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const check = () => {
    const parsed = mailAddressRule.safeParse(to)
    setErrorKey(parsed.success ? undefined : parsed.error.issues[0]?.message)
    return parsed.success
  }
  const send = async () => {
    setMessage(null)
    if (!check()) return
    setSending(true)
    const r = await callHub(emailServerSendTestMail, { id: server.id, to: to.trim() }, { quiet: true })
    setSending(false)
    if (!r.ok) {
      setMessage(r.message)
      if (r.fieldErrors?.to) setErrorKey(r.fieldErrors.to)
      return
    }
    showToast({ intent: 'success', message: r.message })
    onClose()
  }
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !sending && onClose()}>
      <DialogSurface>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void send()
          }}
        >
          <DialogBody>
            <DialogTitle>{t('messaging:test_mail_title', { name: `${server.account} (${server.host}:${server.port})` })}</DialogTitle>
            <DialogContent>
              {message && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{message}</MessageBarBody>
                </MessageBar>
              )}
              <FormField label={t('messaging:test_mail_to')} required errorKey={errorKey}>
                <Input type="email" value={to} disabled={sending} onChange={(_, d) => setTo(d.value)} onBlur={check} aria-label={t('messaging:test_mail_to')} />
              </FormField>
            </DialogContent>
            <DialogActions>
              {sending && <Spinner size="tiny" label={t('messaging:test_mail_sending')} />}
              <Button onClick={onClose} disabled={sending}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={sending}>
                {t('messaging:test_mail_send')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
