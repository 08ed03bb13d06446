import type { PageLoaders } from '../../pageTypes'

/** Pages of this area by menu route name (lower case), merged into the registry's 'common' folder. */
export const configPages: PageLoaders = {
  dictionarytypelist: () => import('./DictionaryTypeListPage'),
  dictionarydatalist: () => import('./DictionaryDataListPage'),
  i18nlist: () => import('./I18nListPage'),
  langtypelist: () => import('./LangTypeListPage'),
  parameterlist: () => import('./ParameterListPage'),
}
