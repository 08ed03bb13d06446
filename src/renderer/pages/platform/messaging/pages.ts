import type { PageLoaders } from '../../pageTypes'

/** Pages of this area by menu route name (lower case), merged into the registry's 'common' folder. */
export const messagingPages: PageLoaders = {
  // System authentication, with platform authentication as its second tab.
  sysauthenticationlist: () => import('./SysAuthenticationPage'),
  emailserverlist: () => import('./EmailServerListPage'),
  emailtemplatelist: () => import('./EmailTemplateListPage'),
  channellist: () => import('./ChannelListPage'),
}
