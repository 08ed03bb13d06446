import type { TFunction } from 'i18next'
import type { HubProfile } from '../../shared/ipc'

/** The embedded profile's name comes from the main process in English; show it translated. */
export const profileLabel = (profile: HubProfile, t: TFunction): string =>
  profile.kind === 'embedded' ? t('common:hub_embedded') : profile.name
