import type { Route } from '../../http/context'
import { routesIn } from '../../http/routeMaps'
import * as dictionaryData from './dictionaryData'
import * as dictionaryTypes from './dictionaryTypes'
import * as i18n from './i18n'
import * as langTypes from './langTypes'
import * as parameters from './parameters'

/** Handlers of configEndpoints (buildHub checks that none is missing). */
export const configRoutes: readonly Route[] = routesIn(dictionaryTypes, dictionaryData, langTypes, i18n, parameters)
