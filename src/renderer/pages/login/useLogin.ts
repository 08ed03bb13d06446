import { useState } from 'react'
import { login, type SessionUser } from '../../../shared/contract/platform/session'
import type { LoginForm } from '../../../shared/rules/login'
import { callHub } from '../../api/hub'
import { dismissBootstrapPassword } from '../../state/appInfo'
import { rememberUsername } from '../../state/preferences'
import { LOGIN_FLAG_KEY, loadSignedIn } from '../../state/session'

export interface LoginOutcome {
  ok: boolean
  /** The server's message (wrong credentials, locked, hub unreachable…), shown under the form. */
  message?: string
  fieldErrors?: Record<string, string>
  /** Signed in with a password someone else chose: the change step comes first (ForcedPasswordChange). */
  mustChangePassword?: boolean
}

/**
 * What follows a sign-in the hub accepted, by password or single sign-on (SsoSignIn.tsx): the
 * password change first when someone else chose the password (the hub serves nothing else
 * until then: load nothing yet), else the stored login flag and the user, permissions, menus,
 * parameters and dictionaries.
 */
export async function completeSignIn(user: Pick<SessionUser, 'mustChangePassword'>): Promise<LoginOutcome> {
  if (user.mustChangePassword) return { ok: false, mustChangePassword: true }
  try {
    localStorage.setItem(LOGIN_FLAG_KEY, '1')
  } catch {
    // Storage may be disabled; the flag only tidies SSO addresses.
  }
  const loaded = await loadSignedIn()
  if (!loaded.ok) return { ok: false, message: loaded.message }
  // The first-start password has served its purpose once someone signed in.
  dismissBootstrapPassword()
  return { ok: true }
}

/**
 * Sign in (spec: success code '2000', then fetch user info and go to /): `platform.login`
 * without toasts — the form shows the server's message itself — then remember the username
 * or forget it, and complete the sign-in (completeSignIn).
 */
export function useLogin() {
  const [busy, setBusy] = useState(false)

  async function signIn(form: LoginForm, remember: boolean): Promise<LoginOutcome> {
    setBusy(true)
    try {
      const r = await callHub(login, form, { quiet: true })
      if (!r.ok) return { ok: false, message: r.message, fieldErrors: r.fieldErrors }
      await rememberUsername(remember ? form.username : null)
      return await completeSignIn(r.data)
    } finally {
      setBusy(false)
    }
  }

  return { busy, signIn }
}
