import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { onSignal } from '../api/signals'
import { trackPageView } from '../behaviour'
import { onDesktopEvent } from '../bridge/desktop'
import { LOGIN_FLAG_KEY } from '../state/session'

/** The alert centre's records (menu alert.record); `?incident=` names the incident to select. */
export const ALERT_RECORDS_PATH = '/alert/record'
export const incidentPath = (id: string | null): string => (id ? `${ALERT_RECORDS_PATH}?${new URLSearchParams({ incident: id })}` : ALERT_RECORDS_PATH)

const loginFlagSet = (): boolean => {
  try {
    return localStorage.getItem(LOGIN_FLAG_KEY) != null
  } catch {
    return false
  }
}

/**
 * Router-wide side effects, rendered once inside the router:
 * - scroll to top on navigation (spec: history mode, scroll to top) — the window and the shell's
 *   scrolling main area;
 * - drop a 'code' query parameter (SSO callback) once the stored login flag says we are in;
 * - page views for the behaviour log;
 * - '证书错误!' / 4060 from any call opens /license;
 * - a click on the OS notification of a new incident (main process, 'incident.open') opens the
 *   alert centre on it;
 * - an approval mail's datahub-console:// link while the console runs ('deepLink.open') opens its
 *   unsigned approval page.
 */
export function RouterEffects() {
  const location = useLocation()
  const navigate = useNavigate()

  useEffect(() => {
    window.scrollTo?.(0, 0)
    document.querySelectorAll<HTMLElement>('[data-scroll-root]').forEach((el) => (el.scrollTop = 0))
    trackPageView(location.pathname)
  }, [location.pathname])

  useEffect(() => {
    const params = new URLSearchParams(location.search)
    if (!params.has('code') || !loginFlagSet()) return
    params.delete('code')
    const search = params.toString()
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true })
  }, [location.pathname, location.search, location.hash, navigate])

  useEffect(() => onSignal('licence', () => navigate('/license')), [navigate])

  useEffect(() => onDesktopEvent('incident.open', ({ id }) => navigate(incidentPath(id))), [navigate])

  // Only the unsigned approval page may be opened from outside (the main process checks it too).
  useEffect(() => onDesktopEvent('deepLink.open', ({ path }) => path.startsWith('/approveDetail?') && navigate(path)), [navigate])

  return null
}
