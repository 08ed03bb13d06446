import { fromWireLang } from '../../shared/locale'
import { followPlatformLocale, preferencesStore } from './preferences'
import { referenceStore } from './reference'

export const PLATFORM_LOCALE_PARAMETER = 'lang.locale'

/**
 * Applies the parameter lang.locale live (spec: keys the console applies): whenever the loaded
 * parameters or this machine's settings change, a console whose user never chose a language
 * shows the platform's default one. A choice made on the machine always wins.
 */
export function installPlatformLocale(): () => void {
  const apply = () => {
    const wire = referenceStore.get().parameters[PLATFORM_LOCALE_PARAMETER]
    if (wire) void followPlatformLocale(fromWireLang(wire))
  }
  const offReference = referenceStore.subscribe(apply)
  const offPreferences = preferencesStore.subscribe(apply)
  return () => {
    offReference()
    offPreferences()
  }
}
