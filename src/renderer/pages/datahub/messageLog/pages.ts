import type { PageLoaders } from '../../pageTypes'

/** Exchange runtime pages by menu route name (lower case), merged into the registry's 'datahub' folder. */
export const runtimePages: PageLoaders = {
  // Seeded menu 'datahub.messageLog', component MessageLogList.
  messageloglist: () => import('./MessageLogPage'),
}
