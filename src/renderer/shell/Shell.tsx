import { Suspense, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { makeStyles, tokens } from '@fluentui/react-components'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { Splash } from '../components/Splash'
import { AppHeader } from './AppHeader'
import { HubUnreachableBanner } from './HubUnreachableBanner'
import { NavTree } from './NavTree'
import { ShellBreadcrumbs } from './ShellBreadcrumbs'
import { ShellRoutes } from './ShellRoutes'
import { MAIN_ID, SkipLink } from './SkipLink'
import { UnreadPollers } from './unread/UnreadPollers'
import { useHeadingFocus } from './useHeadingFocus'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  main: {
    flexGrow: 1,
    // The anchor of the page heading drawn over the breadcrumbs while it has focus.
    position: 'relative',
    ':focus': { outline: 'none' },
    minWidth: 0,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
  },
})

/**
 * The signed-in console: header, navigation tree, breadcrumbs and the page. Loaded lazily, so
 * the login route does not carry it. A page that throws is contained here and reset when the
 * user navigates elsewhere.
 */
export default function Shell() {
  const styles = useStyles()
  const { pathname } = useLocation()
  const main = useRef<HTMLElement>(null)
  useHeadingFocus(main)
  // The menu's language switch; the login view gets it when startup.ts installs it too.
  return (
    <div className={styles.root}>
      <SkipLink />
      <AppHeader />
      {/* The bell's and the menu badges' counts, polled while signed in. */}
      <UnreadPollers />
      {/* A sibling of the page, so showing or hiding it never remounts an open form. */}
      <HubUnreachableBanner />
      <div className={styles.body}>
        <NavTree />
        {/* tabIndex -1: the skip link's target takes focus without becoming a Tab stop. */}
        <main ref={main} id={MAIN_ID} tabIndex={-1} className={styles.main} data-scroll-root>
          <ShellBreadcrumbs />
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Splash fullScreen={false} />}>
              <ShellRoutes />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  )
}
