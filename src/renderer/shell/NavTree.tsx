import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { CounterBadge, makeStyles, mergeClasses, tokens, Tree, TreeItem, TreeItemLayout } from '@fluentui/react-components'
import type { MenuItem } from '../../shared/contract/platform/startup'
import { trackNavClick } from '../behaviour'
import { menuName, normalizePath } from '../routing/menuRoutes'
import { sessionStore } from '../state/session'
import { useStore } from '../state/store'
import { badgeOf } from './unread/menuBadges'
import { unreadStore } from './unread/unreadStore'

const useStyles = makeStyles({
  nav: {
    width: '240px',
    flexShrink: 0,
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
  },
})

const HOME_ID = '__home__'
const branchIds = (items: readonly MenuItem[]): string[] => items.flatMap((i) => (i.children?.length ? [i.id, ...branchIds(i.children)] : []))
const hasRoot = (items: readonly MenuItem[]): boolean =>
  items.some((i) => (i.clientRouter?.path && normalizePath(i.clientRouter.path) === '/') || hasRoot(i.children ?? []))

function NavNode({ item, locale, current }: { item: MenuItem; locale: string; current: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const name = menuName(item, locale)
  const path = item.clientRouter?.path ? normalizePath(item.clientRouter.path) : null
  const active = path != null && path.toLowerCase() === current.toLowerCase()
  const children = item.children ?? []
  const badge = useStore(unreadStore, (s) => badgeOf(item, s.counts))
  const open = () => {
    if (!path) return
    trackNavClick(name, path)
    navigate(path)
  }
  return (
    // aria-label: a branch's accessible name would otherwise include every child's text.
    <TreeItem itemType={children.length ? 'branch' : 'leaf'} value={item.id} aria-label={name} aria-current={active ? 'page' : undefined} onClick={open}>
      <TreeItemLayout
        className={mergeClasses(active && styles.active)}
        aside={badge > 0 ? <CounterBadge size="small" color="danger" count={badge} overflowCount={99} aria-label={t('alarms:menu_badge', { count: badge })} /> : undefined}
      >
        {name}
      </TreeItemLayout>
      {children.length > 0 && (
        <Tree>
          {children.map((c) => (
            <NavNode key={c.id} item={c} locale={locale} current={current} />
          ))}
        </Tree>
      )}
    </TreeItem>
  )
}

/**
 * The left navigation: the user's menu tree as the hub sends it (order and permission filtering
 * are the hub's), names in the current language. Every group starts open so that each page is
 * one click away; a fixed Home entry comes first unless the menu has its own item for '/'.
 */
export function NavTree() {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const menus = useStore(sessionStore, (s) => s.menus)
  const openItems = useMemo(() => branchIds(menus), [menus])
  const current = normalizePath(pathname)
  const homeName = t('shell:home')
  return (
    <nav className={styles.nav} aria-label={t('shell:nav_label')}>
      <Tree aria-label={t('shell:nav_label')} defaultOpenItems={openItems} key={openItems.join(',')}>
        {!hasRoot(menus) && (
          <TreeItem
            itemType="leaf"
            value={HOME_ID}
            aria-label={homeName}
            aria-current={current === '/' ? 'page' : undefined}
            onClick={() => {
              trackNavClick(homeName, '/')
              navigate('/')
            }}
          >
            <TreeItemLayout className={mergeClasses(current === '/' && styles.active)}>{homeName}</TreeItemLayout>
          </TreeItem>
        )}
        {menus.map((item) => (
          <NavNode key={item.id} item={item} locale={i18n.language} current={current} />
        ))}
      </Tree>
    </nav>
  )
}
