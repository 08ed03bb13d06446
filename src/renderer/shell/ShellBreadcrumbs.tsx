import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem } from '@fluentui/react-components'
import { hiddenRouteChain, menuChain, menuName, normalizePath } from '../routing/menuRoutes'
import { sessionStore } from '../state/session'
import { useStore } from '../state/store'
import { hiddenRouteTitle } from './pageTitle'

interface Crumb {
  key: string
  label: string
  path: string | undefined
}

/**
 * Home › group › page, from the chain of menu items leading to the current path (spec: menu path →
 * breadcrumb chain). A hidden route (the role authorisation screen) continues the chain of the
 * menu page it belongs to.
 */
export function ShellBreadcrumbs() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const menus = useStore(sessionStore, (s) => s.menus)
  const routers = useStore(sessionStore, (s) => s.clientRouters)
  const atHome = normalizePath(pathname) === '/'
  const isHome = (path: string | undefined) => path !== undefined && normalizePath(path) === '/'
  const fromMenu = (items: ReturnType<typeof menuChain>): Crumb[] =>
    items.filter((i) => !isHome(i.clientRouter?.path)).map((i) => ({ key: i.id, label: menuName(i, i18n.language), path: i.clientRouter?.path }))
  let chain: Crumb[] = []
  if (!atHome) {
    chain = fromMenu(menuChain(menus, pathname))
    const hidden = chain.length ? null : hiddenRouteChain(menus, routers, pathname)
    if (hidden) {
      chain = [...fromMenu(hidden.parents), { key: `router:${hidden.router.id}`, label: hiddenRouteTitle(hidden.router.name, t), path: hidden.router.path }]
    }
  }
  return (
    <Breadcrumb aria-label={t('shell:breadcrumb_label')} size="small">
      <BreadcrumbItem>
        <BreadcrumbButton current={atHome} onClick={atHome ? undefined : () => navigate('/')}>
          {t('shell:home')}
        </BreadcrumbButton>
      </BreadcrumbItem>
      {chain.map((crumb, index) => {
        const last = index === chain.length - 1
        const { path } = crumb
        return (
          <Fragment key={crumb.key}>
            <BreadcrumbDivider />
            <BreadcrumbItem>
              <BreadcrumbButton current={last} onClick={!last && path ? () => navigate(normalizePath(path)) : undefined}>
                {crumb.label}
              </BreadcrumbButton>
            </BreadcrumbItem>
          </Fragment>
        )
      })}
    </Breadcrumb>
  )
}
