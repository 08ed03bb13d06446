import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Route, Routes } from 'react-router-dom'
import { MessageBar, MessageBarBody } from '@fluentui/react-components'
import { PageHeadingScope } from '../components/PageHeading'
import ModuleUnavailablePage from '../pages/status/ModuleUnavailablePage'
import NotFoundPage from '../pages/status/NotFoundPage'
import { resolvePage } from '../pages/registry'
import { buildHiddenRoutes, buildMenuRoutes, menuName, type MenuRoute } from '../routing/menuRoutes'
import { routeTitle } from './pageTitle'
import { recoverFromRouteFailure, routesBuilt } from '../routing/routeFailure'
import { sessionStore } from '../state/session'
import { useStore } from '../state/store'

/** A menu route's page from the registry under its title (the page's one h1, as the last crumb names it), or the 'not yet available' page with its name. */
function MenuPage({ route }: { route: MenuRoute }) {
  const { t, i18n } = useTranslation()
  const Page = resolvePage(route.folder, route.page)
  const name = routeTitle(route.item, t, i18n.language)
  // The placeholder page has its own h1; a real page gets one from its title unless it draws its own (PageTitle).
  return Page ? (
    <PageHeadingScope name={name}>
      <Page route={route} />
    </PageHeadingScope>
  ) : (
    <ModuleUnavailablePage name={menuName(route.item, i18n.language)} />
  )
}

const Home = resolvePage('common', 'home')!

/**
 * The signed-in routes: home at '/', one route per menu item with a client path (built from the
 * menu tree fetched after login), the hidden client routes under those pages, and the shell's own catch-all. keepAlive from the route
 * metadata is parsed and carried on each route; keeping pages mounted is left to the screens
 * that need it (none yet).
 */
export function ShellRoutes() {
  const { t } = useTranslation()
  const menus = useStore(sessionStore, (s) => s.menus)
  const clientRouters = useStore(sessionStore, (s) => s.clientRouters)
  const built = useMemo((): MenuRoute[] | Error => {
    try {
      const menuRoutes = buildMenuRoutes(menus)
      return [...menuRoutes, ...buildHiddenRoutes(clientRouters, menuRoutes)]
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e))
    }
  }, [menus, clientRouters])
  const [gaveUp, setGaveUp] = useState(false)
  useEffect(() => {
    if (built instanceof Error) setGaveUp(recoverFromRouteFailure(built) === 'gave-up')
    else routesBuilt()
  }, [built])

  if (built instanceof Error) {
    return gaveUp ? (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('errors:routes_failed')}</MessageBarBody>
      </MessageBar>
    ) : null
  }
  return (
    <Routes>
      <Route index element={<Home />} />
      {built
        .filter((r) => r.path !== '/')
        .map((r) => (
          <Route key={r.id} path={r.path.slice(1)} element={<MenuPage route={r} />} />
        ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
