import { Suspense, useLayoutEffect } from 'react'
import { lazyChunk } from './lazyChunk'
import { Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { Splash } from '../components/Splash'
import { dismissLoginShell } from '../loginShell/handoff'
import LoginPage from '../pages/login/LoginPage'
import { sessionStore } from '../state/session'
import { useStore } from '../state/store'
import { guardRoute, LOGIN_PATH, PUBLIC_PATHS } from './guard'

// Everything but the login view loads on demand: the login route stays light.
const Shell = lazyChunk(() => import('../shell/Shell'))
const LicensePage = lazyChunk(() => import('../pages/license/LicensePage'))
// The approval mail's page (issue 19): public like /login, loaded only when a link opens it.
const ApprovePage = lazyChunk(() => import('../pages/approve/ApprovePage'))
const LogoutPage = lazyChunk(() => import('../pages/LogoutPage'))

const APPROVE_PATHS = PUBLIC_PATHS.filter((p) => p.startsWith('/approve'))

/**
 * The top-level routes behind the guard (routing/guard.ts). Public views render for everyone;
 * every other path belongs to the shell, which builds the menu routes and has its own catch-all
 * (a 'page not found' inside the console). A visitor who is not signed in never reaches the
 * shell: the guard sends them to /login, which is the spec's "catch-all goes to the login view".
 */
export function AppRoutes() {
  const { pathname } = useLocation()
  const status = useStore(sessionStore, (s) => s.status)
  const decision = guardRoute(pathname, status)
  // The login shell stays while the session is checked; a first view other than the login form
  // replaces it (the login form takes it over itself: LoginForm).
  const leavingShell =
    (decision.kind === 'render' && pathname !== LOGIN_PATH) || (decision.kind === 'redirect' && decision.to !== LOGIN_PATH)
  useLayoutEffect(() => {
    if (leavingShell) dismissLoginShell()
  }, [leavingShell])
  if (decision.kind === 'wait') return <Splash />
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />
  return (
    <Suspense fallback={<Splash />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/license" element={<LicensePage />} />
        {APPROVE_PATHS.map((p) => (
          <Route key={p} path={p} element={<ApprovePage />} />
        ))}
        <Route path="/logout2" element={<LogoutPage />} />
        <Route path="*" element={<Shell />} />
      </Routes>
    </Suspense>
  )
}
