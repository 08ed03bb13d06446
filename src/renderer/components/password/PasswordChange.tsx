import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { changePassword } from '../../../shared/contract/platform/session'
import { changePasswordSchema } from '../../../shared/rules/password'
import { callHub } from '../../api/hub'
import { showToast } from '../../api/signals'
import { clearSession, sessionStore } from '../../state/session'
import { useRuleForm } from '../useRuleForm'

type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword'
const FIELDS: { name: PasswordField; autoComplete: string }[] = [
  { name: 'oldPassword', autoComplete: 'current-password' },
  { name: 'newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', autoComplete: 'new-password' },
]
const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' }

/**
 * Changing one's password, for the user menu's dialog and the user centre's page: the rule of
 * shared/rules/password.ts (the stricter of the spec's two readings) on blur, the hub's answer
 * (old password correct) kept beside the form with the typed values. The hub ends every session
 * of the user on success, this one included: say so, then go to the login view.
 */
export function usePasswordChange(onDone?: () => void) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useRuleForm(changePasswordSchema, EMPTY)
  const [busy, setBusy] = useState(false)
  const [serverMessage, setServerMessage] = useState<string | null>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setServerMessage(null)
    const checked = form.validate()
    if (!checked.ok) return
    const parsed = checked.data
    setBusy(true)
    const r = await callHub(changePassword, parsed, { quiet: true })
    setBusy(false)
    if (r.ok) {
      showToast({ intent: 'success', message: t('messages:msg_password_changed') })
      onDone?.()
      clearSession()
      navigate('/login', { replace: true })
      return
    }
    // If the session ended with the failed call, the form is about to disappear: toast instead.
    if (sessionStore.get().status !== 'signedIn') showToast({ intent: 'error', message: r.message })
    setServerMessage(r.message)
    if (r.fieldErrors) form.setFieldErrors(r.fieldErrors)
  }
  return { form, busy, serverMessage, submit }
}

/** The three password fields and the hub's message. */
export function PasswordFields({ change }: { change: ReturnType<typeof usePasswordChange> }) {
  const { t } = useTranslation()
  const { form, serverMessage } = change
  // Labels as literal keys for the locale check.
  const labels: Record<PasswordField, string> = {
    oldPassword: t('shell:password_old'),
    newPassword: t('shell:password_new'),
    confirmPassword: t('shell:password_confirm'),
  }
  return (
    <>
      {FIELDS.map((f) => (
        <Field key={f.name} label={labels[f.name]} required validationMessage={form.errors[f.name] ? t(`messages:${form.errors[f.name]}`) : undefined}>
          <Input
            type="password"
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
    </>
  )
}
