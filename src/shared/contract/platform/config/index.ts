import type { Endpoint } from '../../../endpoint'
import { dictionaryDataEndpoints } from './dictionaryData'
import { dictionaryTypeEndpoints } from './dictionaryTypes'
import { i18nEndpoints } from './i18n'
import { langTypeEndpoints } from './langTypes'
import { parameterEndpoints } from './parameters'

export * from './permissions'

/** Dictionaries, languages and i18n messages, parameters (spec part 2 §7). */
export const configEndpoints = {
  ...dictionaryTypeEndpoints,
  ...dictionaryDataEndpoints,
  ...langTypeEndpoints,
  ...i18nEndpoints,
  ...parameterEndpoints,
} satisfies Record<string, Endpoint>
