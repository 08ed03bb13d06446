import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Button, Checkbox, Field, Input, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components'
import { loginFormSchema } from '../../../shared/rules/login'
import { dismissLoginShell, takeShellValues } from '../../loginShell/handoff'
import { useRuleForm } from '../../components/useRuleForm'
import { preferencesStore } from '../../state/preferences'
import { useStore } from '../../state/store'
import { ForcedPasswordChange } from './lazyParts'
import { useLogin } from './useLogin'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submit: { marginTop: tokens.spacingVerticalS },
})

/** Username, password, remember-me; validated on blur with the shared login rule. */
export function LoginForm() {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const { busy, signIn } = useLogin()
  const remembered = useStore(preferencesStore, (s) => s.rememberedUsername)
  const settingsLoaded = useStore(preferencesStore, (s) => s.loaded)
  // What the user typed in the login shell before this form existed (loginShell/handoff.ts).
  const [shell] = useState(takeShellValues)
  const form = useRuleForm(loginFormSchema, { username: shell?.username || remembered || '', password: shell?.password ?? '' })
  const [remember, setRemember] = useState(remembered != null)
  const [serverMessage, setServerMessage] = useState<string | null>(null)
  const [mustChange, setMustChange] = useState(false)
  const usernameRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)

  // Replace the shell before the first paint, with the focus where the user left it and the
  // rule messages of the fields they already left there.
  const { onBlur } = form
  useLayoutEffect(() => {
    dismissLoginShell()
    if (shell?.focused === 'username') usernameRef.current?.focus()
    if (shell?.focused === 'password') passwordRef.current?.focus()
    for (const field of shell?.left ?? []) onBlur(field)
  }, [shell, onBlur])

  // Settings may answer after the first render: prefill once they do, unless the user typed.
  const { setValue, values } = form
  useEffect(() => {
    if (!settingsLoaded || !remembered) return
    if (!values.username) setValue('username', remembered)
    setRemember(true)
    // Only when the settings arrive, not on every keystroke: `values` is left out on purpose.
  }, [settingsLoaded, remembered, setValue])

  async function onSubmit(e?: FormEvent) {
    e?.preventDefault()
    setServerMessage(null)
    const checked = form.validate()
    if (!checked.ok) return
    const parsed = checked.data
    const outcome = await signIn(parsed, remember)
    if (outcome.ok) {
      navigate('/', { replace: true })
      return
    }
    if (outcome.mustChangePassword) {
      form.setValue('password', '')
      setMustChange(true)
      return
    }
    setServerMessage(outcome.message ?? t('errors:unknown'))
    if (outcome.fieldErrors) form.setFieldErrors(outcome.fieldErrors)
  }

  // Enter pressed in the shell: submit once, now that the console can.
  const shellSubmitted = useRef(shell?.submitted ?? false)
  useEffect(() => {
    if (!shellSubmitted.current) return
    shellSubmitted.current = false
    void onSubmit()
    // Once, on mount: onSubmit is recreated every render on purpose.
  }, [])

  const message = (key: string | undefined) => (key ? t(`messages:${key}`) : undefined)
  if (mustChange) return <ForcedPasswordChange onDone={() => setMustChange(false)} />
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('login:form_label')}>
      {/* `required` sits on the inputs (aria-required), not on Field: Field's asterisk would
          become part of the label text that finds the input by name. */}
      <Field label={t('login:username')} validationMessage={message(form.errors.username)}>
        <Input
          name="username"
          required
          autoComplete="username"
          ref={usernameRef}
          value={form.values.username}
          onChange={(_, d) => form.setValue('username', d.value)}
          onBlur={() => form.onBlur('username')}
        />
      </Field>
      <Field label={t('login:password')} validationMessage={message(form.errors.password)}>
        <Input
          name="password"
          required
          type="password"
          autoComplete="current-password"
          ref={passwordRef}
          value={form.values.password}
          onChange={(_, d) => form.setValue('password', d.value)}
          onBlur={() => form.onBlur('password')}
        />
      </Field>
      <Checkbox label={t('login:remember')} checked={remember} onChange={(_, d) => setRemember(d.checked === true)} />
      {serverMessage && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{serverMessage}</MessageBarBody>
        </MessageBar>
      )}
      <Button className={styles.submit} type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {t('login:submit')}
      </Button>
    </form>
  )
}
