import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem } from '@fluentui/react-components'
import { menuChain, menuName, normalizePath } from '../routing/menuRoutes'
import { sessionStore } from '../state/session'
import { useStore } from '../state/store'

/** Home › group › page, from the chain of menu items leading to the current path (spec: menu path → breadcrumb chain). */
export function ShellBreadcrumbs() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const menus = useStore(sessionStore, (s) => s.menus)
  const atHome = normalizePath(pathname) === '/'
  const chain = atHome ? [] : menuChain(menus, pathname).filter((i) => !(i.clientRouter?.path && normalizePath(i.clientRouter.path) === '/'))
  return (
    <Breadcrumb aria-label={t('shell:breadcrumb_label')} size="small">
      <BreadcrumbItem>
        <BreadcrumbButton current={atHome} onClick={atHome ? undefined : () => navigate('/')}>
          {t('shell:home')}
        </BreadcrumbButton>
      </BreadcrumbItem>
      {chain.map((item, index) => {
        const last = index === chain.length - 1
        const path = item.clientRouter?.path
        return (
          <Fragment key={item.id}>
            <BreadcrumbDivider />
            <BreadcrumbItem>
              <BreadcrumbButton current={last} onClick={!last && path ? () => navigate(normalizePath(path)) : undefined}>
                {menuName(item, i18n.language)}
              </BreadcrumbButton>
            </BreadcrumbItem>
          </Fragment>
        )
      })}
    </Breadcrumb>
  )
}
