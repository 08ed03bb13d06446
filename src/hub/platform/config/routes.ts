import type { Route } from '../../http/context'
import * as dictionaryData from './dictionaryData'
import * as dictionaryTypes from './dictionaryTypes'
import * as i18n from './i18n'
import * as langTypes from './langTypes'
import * as parameters from './parameters'
import * as skin from './skin'

const isRoute = (v: unknown): v is Route => typeof v === 'object' && v !== null && 'endpoint' in v

/** Handlers of configEndpoints (buildHub checks that none is missing). */
export const configRoutes: readonly Route[] = [dictionaryTypes, dictionaryData, langTypes, i18n, parameters, skin].flatMap((m) => Object.values(m).filter(isRoute))
