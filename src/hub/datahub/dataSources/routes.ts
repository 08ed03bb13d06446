import * as authentication from '../../../shared/contract/datahub/authentication'
import * as dataSources from '../../../shared/contract/datahub/dataSources'
import * as sqlTools from '../../../shared/contract/datahub/sqlTools'
import { endpointsIn } from '../../../shared/endpoint'
import type { Route } from '../../http/context'
import { routesFor } from '../../http/routeMaps'
import {
  authenticationCreate,
  authenticationDelete,
  authenticationDisableOrEnable,
  authenticationGet,
  authenticationGetByAppCode,
  authenticationList,
  authenticationUpdate,
} from './authenticationHandlers'
import {
  datasourceCreate,
  datasourceDelete,
  datasourceGet,
  datasourceList,
  datasourceListByApplicationCodeAndSourceType,
  datasourceStatus,
  datasourceTest,
  datasourceUpdate,
} from './dataSourceHandlers'
import { producerGetColumnsByDataSourceNameAndSql, producerGetColumnsByDataSourceNameAndTableName, producerPreviewSqlData } from './sqlToolHandlers'

/** Handlers of dataSourceEndpoints: data sources, API authentication, SQL tools (one per endpoint, compiler-checked). */
export const dataSourceRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(dataSources), {
    datasourceList, datasourceGet, datasourceListByApplicationCodeAndSourceType, datasourceCreate, datasourceUpdate,
    datasourceStatus, datasourceDelete, datasourceTest,
  }),
  ...routesFor(endpointsIn(authentication), {
    authenticationList, authenticationGet, authenticationGetByAppCode, authenticationCreate, authenticationUpdate,
    authenticationDisableOrEnable, authenticationDelete,
  }),
  ...routesFor(endpointsIn(sqlTools), { producerGetColumnsByDataSourceNameAndTableName, producerGetColumnsByDataSourceNameAndSql, producerPreviewSqlData }),
]
