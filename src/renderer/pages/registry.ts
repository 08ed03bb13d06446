import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { Loader, PageProps } from './pageTypes'
import { runtimePages } from './datahub/messageLog/pages'
import { appPages } from './platform/apps/pages'
import { configPages } from './platform/config/pages'
import { messagingPages } from './platform/messaging/pages'
import { userCentrePages } from './userCentre/pages'

/**
 * Pages by registry folder and page key (spec: "the page component is resolved per application
 * code, with platform pages under common"). The folder is the menu item's appCode ('common' for
 * the platform), the key its `component` normalised by routing/menuRoutes.ts#pageKey. Every page
 * is its own lazy chunk. Admin screens built later register here, mostly as resource definitions
 * rendered by generic list/form pages.
 */
const loaders: Record<string, Record<string, Loader>> = {
  common: {
    // The hub's seeded home route is named 'Home'; keys are matched case-insensitively.
    home: () => import('./home/HomePage'),
    // Platform administration (seeded menu 'platform.people' / 'platform.menu').
    rolelist: () => import('./platform/role/RoleListPage'),
    roleresauthlist: () => import('./platform/role/RoleResAuthPage'),
    userlist: () => import('./platform/user/UserListPage'),
    positionlist: () => import('./platform/position/PositionListPage'),
    orglist: () => import('./platform/org/OrgListPage'),
    menulist: () => import('./platform/menu/MenuListPage'),
    // 证书管理: the same licence content as the public /license page.
    licenselist: () => import('./license/LicenceListPage'),
    skinsettings: () => import('./platform/skin/SkinSettingsPage'),
    ...configPages,
    ...appPages,
    ...messagingPages,
    ...userCentrePages,
  },
  // The hub's seeded data-hub menu (appCode 'datahub'): the topic flows and the version history.
  datahub: {
    topiclist: () => import('./datahub/topic/TopicListPage'),
    versionbacktracklist: () => import('./datahub/version/VersionBacktrackListPage'),
    // Data sources and API authentication (seeded pages DataSourceList, AuthenticationList).
    datasourcelist: () => import('./datahub/datasource/DataSourceListPage'),
    authenticationlist: () => import('./datahub/authentication/AuthenticationListPage'),
    ...runtimePages,
  },
}

const cache = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>()

/** The lazy page for a folder and key, or null when that page is not built yet. */
export function resolvePage(folder: string, page: string | null): LazyExoticComponent<ComponentType<PageProps>> | null {
  if (!page) return null
  const key = page.toLowerCase()
  const loader = loaders[folder]?.[key]
  if (!loader) return null
  const id = `${folder}/${key}`
  let component = cache.get(id)
  if (!component) {
    component = lazy(loader)
    cache.set(id, component)
  }
  return component
}
