import type { Endpoint } from '../../../endpoint'
import { dictionaryDataEndpoints } from './dictionaryData'
import { dictionaryTypeEndpoints } from './dictionaryTypes'
import { i18nEndpoints } from './i18n'
import { langTypeEndpoints } from './langTypes'
import { parameterEndpoints } from './parameters'
import { skinEndpoints } from './skin'

export * from './permissions'

/** Dictionaries, languages and i18n messages, parameters (spec part 2 §7), the platform's default skin. */
export const configEndpoints = {
  ...dictionaryTypeEndpoints,
  ...dictionaryDataEndpoints,
  ...langTypeEndpoints,
  ...i18nEndpoints,
  ...parameterEndpoints,
  ...skinEndpoints,
} satisfies Record<string, Endpoint>
