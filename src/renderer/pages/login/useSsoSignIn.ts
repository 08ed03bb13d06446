import { useEffect, useRef, useState } from 'react'
import { ssoProviders, type SsoProvider } from '../../../shared/contract/platform/sso'
import { callHub } from '../../api/hub'
import { invoke } from '../../bridge/desktop'
import { i18n } from '../../i18n'
import { completeSignIn, type LoginOutcome } from './useLogin'

/**
 * Single sign-on from the sign-in page: the enabled providers (asked without a session, again
 * when the hub profile changes), and one sign-in at a time through the main process, which
 * opens the system browser and keeps whatever the provider sends back (IPC 'sso.signIn'). The
 * page only hears the session user, or a refusal's message; a cancelled wait says nothing.
 */
export function useSsoSignIn(profileId: string | undefined) {
  const [providers, setProviders] = useState<SsoProvider[]>([])
  const [waitingFor, setWaitingFor] = useState<SsoProvider | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const mounted = useRef(true)
  const waiting = useRef(false)

  useEffect(() => {
    let current = true
    // Quiet: a hub without single sign-on (or an older one) simply shows no buttons.
    void callHub(ssoProviders, undefined, { quiet: true }).then((r) => current && setProviders(r.ok ? r.data : []))
    return () => {
      current = false
    }
  }, [profileId])

  // Leaving the page ends the wait: the main process closes its port.
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      if (waiting.current) void invoke('sso.cancel', undefined).catch(() => undefined)
    }
  }, [])

  async function start(provider: SsoProvider): Promise<LoginOutcome | null> {
    setMessage(null)
    setWaitingFor(provider)
    waiting.current = true
    try {
      const r = await invoke('sso.signIn', { providerId: provider.id }).catch(() => ({ ok: false as const, code: '5000', message: i18n.t('errors:ipc_failed') }))
      waiting.current = false
      // Cancelled by the user: back to the buttons without a word. Anything else says why.
      if (!r.ok) {
        if (r.message && mounted.current) setMessage(r.message)
        return null
      }
      const outcome = await completeSignIn(r.data)
      if (!outcome.ok && outcome.message && mounted.current) setMessage(outcome.message)
      return outcome
    } finally {
      waiting.current = false
      if (mounted.current) setWaitingFor(null)
    }
  }

  const cancel = () => void invoke('sso.cancel', undefined).catch(() => undefined)

  return { providers, waitingFor, message, start, cancel }
}
