import type { PageLoaders } from '../pageTypes'

/** Pages of this area by menu route name (lower case), merged into the registry's 'common' folder. */
export const userCentrePages: PageLoaders = {
  changepassword: () => import('./ChangePasswordPage'),
  personalsettings: () => import('./PersonalSettingsPage'),
  favouritelist: () => import('./FavouriteListPage'),
}
