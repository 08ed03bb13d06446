import { ssoAuthorize, ssoCodeLogin, ssoLogin } from '../../../shared/contract/platform/sso'
import { ResultCode, type HubResult } from '../../../shared/envelope'
import type { Locale } from '../../../shared/locale'
import { translateMessage } from '../../../../locales'
import type { HubProxy } from '../hubProxy'
import { callbackPage } from './callbackPage'
import { openLoopbackCallback, type LoopbackCallback, type NoArrival } from './loopbackCallback'

/** How long the console waits for the browser to come back (issue 17: 5 minutes). */
export const SSO_WAIT_MS = 5 * 60_000

export interface SsoSignInDeps {
  proxy: HubProxy
  locale: () => Locale
  /**
   * Opens the system browser at the provider (shell.openExternal: openInBrowser in
   * src/main/electron/guards.ts); the end-to-end harness captures the URL and plays the browser.
   */
  openBrowser: (url: string) => Promise<void>
  log?: (line: string) => void
  /** Tests: a shorter wait. */
  waitMs?: number
  /** Tests: another listener. */
  openCallback?: () => Promise<LoopbackCallback>
}

export interface SsoSignIn {
  /**
   * Signs in at an identity provider through the system browser (RFC 8252): the loopback
   * listener, /sso/authorize, the browser, the callback, /ssoCodeLogin (OIDC) or /ssoLogin (CAS).
   * Answers what a password sign-in answers the renderer (the proxy keeps the token in the vault),
   * or a refusal with a translated message; '5040' with no message when cancelled.
   */
  signIn(providerId: string): Promise<HubResult<unknown>>
  /** Ends the wait in progress (the listener closes, signIn answers '5040'); false when none was. */
  cancel(): boolean
}

const isWebUrl = (text: string) => {
  try {
    const { protocol } = new URL(text)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * The CAS server a ticket is validated at: the one /sso/authorize sent the browser to
 * (`<server>/login?service=…`), which the hub checks is a configured server.
 */
function casServerOf(authorizationUrl: string): string {
  const url = new URL(authorizationUrl)
  url.search = ''
  url.hash = ''
  url.pathname = url.pathname.replace(/\/login\/?$/, '')
  return url.href.replace(/\/+$/, '')
}

export function createSsoSignIn(deps: SsoSignInDeps): SsoSignIn {
  const openCallback = deps.openCallback ?? openLoopbackCallback
  let current: AbortController | null = null

  async function signIn(providerId: string): Promise<HubResult<unknown>> {
    // One wait at a time: a new sign-in (another provider) replaces the one still waiting.
    current?.abort()
    const controller = new AbortController()
    current = controller
    const locale = deps.locale()
    const fail = (code: string, key: string, params: Record<string, string> = {}): HubResult<unknown> => ({ ok: false, code, message: translateMessage(locale, key, params) })
    const cancelled: HubResult<unknown> = { ok: false, code: ResultCode.cancelled, message: '' }
    let listener: LoopbackCallback
    try {
      listener = await openCallback()
    } catch (err) {
      deps.log?.(`sso: no loopback port: ${err instanceof Error ? err.message : String(err)}`)
      if (current === controller) current = null
      return fail(ResultCode.systemError, 'msg_sso_callback_unavailable')
    }
    try {
      const begun = await deps.proxy.call(ssoAuthorize.id, { providerId, redirectUri: listener.redirectUri })
      if (!begun.ok) return begun
      const { url, state } = begun.data as { url: string; state: string }
      // The hub names the page to open: only a web page, never a file or another app's scheme.
      if (!isWebUrl(url)) return fail(ResultCode.systemError, 'msg_sso_browser_url_refused')
      if (controller.signal.aborted) return cancelled

      const refusal = (why: NoArrival) =>
        why.kind === 'providerError' ? translateMessage(locale, 'msg_sso_provider_error', { error: why.error }) : translateMessage(locale, 'msg_sso_state_invalid')
      // Listening before the browser opens: a provider that remembers the user answers at once.
      const arrival = listener.wait({ state, timeoutMs: deps.waitMs ?? SSO_WAIT_MS, signal: controller.signal, refusedPage: (why) => callbackPage(locale, { ok: false, reason: refusal(why) }).html })
      try {
        await deps.openBrowser(url)
      } catch (err) {
        deps.log?.(`sso: the browser did not open: ${err instanceof Error ? err.message : String(err)}`)
        listener.close()
        await arrival
        return fail(ResultCode.systemError, 'msg_sso_browser_failed')
      }
      const outcome = await arrival
      switch (outcome.kind) {
        case 'cancelled':
          return cancelled
        case 'timeout':
          return fail(ResultCode.cancelled, 'msg_sso_wait_timeout')
        case 'stateMismatch':
          deps.log?.('sso: a callback came with another state; refused')
          return fail(ResultCode.loginFailed, 'msg_sso_state_invalid')
        case 'providerError':
          return fail(ResultCode.loginFailed, 'msg_sso_provider_error', { error: outcome.error })
      }
      const result =
        outcome.kind === 'code'
          ? await deps.proxy.call(ssoCodeLogin.id, { code: outcome.code, redirectUri: listener.redirectUri, state })
          : await deps.proxy.call(ssoLogin.id, { ticket: outcome.ticket, service: outcome.service, validateUrl: casServerOf(url) })
      outcome.finish(callbackPage(locale, result.ok ? { ok: true } : { ok: false, reason: result.message }))
      return result
    } finally {
      listener.close()
      if (current === controller) current = null
    }
  }

  return {
    signIn,
    cancel() {
      if (!current) return false
      current.abort()
      return true
    },
  }
}
