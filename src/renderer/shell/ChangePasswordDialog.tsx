import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components'
import { changePassword } from '../../shared/contract/platform/session'
import { changePasswordSchema } from '../../shared/rules/password'
import { callHub } from '../api/hub'
import { showToast } from '../api/signals'
import { useSchemaForm } from '../components/useSchemaForm'
import { clearSession, sessionStore } from '../state/session'

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } })

type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword'
const FIELDS: { name: PasswordField; autoComplete: string }[] = [
  { name: 'oldPassword', autoComplete: 'current-password' },
  { name: 'newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', autoComplete: 'new-password' },
]

/**
 * Change password with the shared rule (messages by key, on blur). The hub revokes every session
 * of the user on success, this one included: say so, then return to the login view.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // The form lives inside the surface, which unmounts on close: every opening starts empty.
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <PasswordForm onClose={onClose} />
      </DialogSurface>
    </Dialog>
  )
}

function PasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const form = useSchemaForm(changePasswordSchema, { oldPassword: '', newPassword: '', confirmPassword: '' })
  const [busy, setBusy] = useState(false)
  const [serverMessage, setServerMessage] = useState<string | null>(null)
  // Labels as literal keys for the locale check; resolved here.
  const labels: Record<PasswordField, string> = {
    oldPassword: t('shell:password_old'),
    newPassword: t('shell:password_new'),
    confirmPassword: t('shell:password_confirm'),
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setServerMessage(null)
    const parsed = form.validate()
    if (!parsed) return
    setBusy(true)
    const r = await callHub(changePassword, parsed, { quiet: true })
    setBusy(false)
    if (r.ok) {
      showToast({ intent: 'success', message: t('messages:msg_password_changed') })
      onClose()
      clearSession()
      navigate('/login', { replace: true })
      return
    }
    // If the session ended with the failed call, this dialog is about to disappear: toast instead.
    if (sessionStore.get().status !== 'signedIn') showToast({ intent: 'error', message: r.message })
    setServerMessage(r.message)
    if (r.fieldErrors) form.setFieldErrors(r.fieldErrors)
  }

  return (
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{t('shell:change_password')}</DialogTitle>
            <DialogContent className={styles.form}>
              {FIELDS.map((f) => (
                <Field key={f.name} label={labels[f.name]} validationMessage={form.errors[f.name] ? t(`messages:${form.errors[f.name]}`) : undefined}>
                  <Input
                    type="password"
                    required
                    autoComplete={f.autoComplete}
                    value={form.values[f.name]}
                    onChange={(_, d) => form.setValue(f.name, d.value)}
                    onBlur={() => form.onBlur(f.name)}
                  />
                </Field>
              ))}
              {serverMessage && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{serverMessage}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('common:cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {t('common:save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
  )
}
