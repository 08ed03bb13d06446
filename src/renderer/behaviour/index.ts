import { pushData } from '../../shared/contract/platform/startup'
import { callHub, errorLogOn } from '../api/hub'
import { sessionStore } from '../state/session'
import { BehaviourTracker } from './tracker'

/** The console's one tracker: pushes quietly (a background push never toasts). */
export const behaviour = new BehaviourTracker({
  send: async (events) => {
    const r = await callHub(pushData, events, { quiet: true })
    return r.ok ? { ok: true } : { ok: false, code: r.code }
  },
  canSend: () => sessionStore.get().status === 'signedIn',
})

/**
 * Events go out under the session that pushes them. Sign-out flushes first (state/signOut.ts);
 * a session that ends otherwise (4030, revoked) drops what is left, so that it is not pushed
 * later under the next user's session.
 */
let wasSignedIn = false
sessionStore.subscribe(() => {
  const signedIn = sessionStore.get().status === 'signedIn'
  if (wasSignedIn && !signedIn) behaviour.clear()
  wasSignedIn = signedIn
})

const here = (): string => (typeof location !== 'undefined' ? location.pathname + location.search : '')

export const trackPageView = (path: string): void => behaviour.track({ type: 'pageview', info: path, url: here() })
export const trackNavClick = (label: string, path: string): void => behaviour.track({ type: 'click', info: `${label} → ${path}`, url: here() })

/**
 * The spec's client error-log entry (info, err, vm, url, time) as an event of type 'error'; only
 * while the parameter `error.log` is '1' (the hub keeps none otherwise).
 */
export const trackError = (info: string, err?: unknown, vm?: string): void => {
  if (!errorLogOn()) return
  behaviour.track({
    type: 'error',
    info,
    err: err instanceof Error ? (err.stack ?? err.message) : err == null ? undefined : String(err),
    vm,
    url: typeof location !== 'undefined' ? location.href : undefined,
  })
}
