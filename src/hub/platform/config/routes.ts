import * as dictionaryDataContract from '../../../shared/contract/platform/config/dictionaryData'
import * as dictionaryTypesContract from '../../../shared/contract/platform/config/dictionaryTypes'
import * as i18nContract from '../../../shared/contract/platform/config/i18n'
import * as langTypesContract from '../../../shared/contract/platform/config/langTypes'
import * as parametersContract from '../../../shared/contract/platform/config/parameters'
import * as skinContract from '../../../shared/contract/platform/config/skin'
import { endpointsIn } from '../../../shared/endpoint'
import type { Route } from '../../http/context'
import { routesFor } from '../../http/routeMaps'
import * as dictionaryData from './dictionaryData'
import * as dictionaryTypes from './dictionaryTypes'
import * as i18n from './i18n'
import * as langTypes from './langTypes'
import * as parameters from './parameters'
import * as skin from './skin'

// Each handler module is the route map of the contract module of the same name (same export
// names; the helpers it also exports are left aside).
/** Handlers of configEndpoints, one per endpoint (the compiler checks none is missing). */
export const configRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(dictionaryTypesContract), dictionaryTypes),
  ...routesFor(endpointsIn(dictionaryDataContract), dictionaryData),
  ...routesFor(endpointsIn(langTypesContract), langTypes),
  ...routesFor(endpointsIn(i18nContract), i18n),
  ...routesFor(endpointsIn(parametersContract), parameters),
  ...routesFor(endpointsIn(skinContract), skin),
]
