import type { Route } from '../../http/context'
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

/** Handlers of dataSourceEndpoints: data sources, API authentication, SQL tools. */
export const dataSourceRoutes: readonly Route[] = [
  datasourceList, datasourceGet, datasourceListByApplicationCodeAndSourceType, datasourceCreate, datasourceUpdate,
  datasourceStatus, datasourceDelete, datasourceTest,
  authenticationList, authenticationGet, authenticationGetByAppCode, authenticationCreate, authenticationUpdate,
  authenticationDisableOrEnable, authenticationDelete,
  producerGetColumnsByDataSourceNameAndTableName, producerGetColumnsByDataSourceNameAndSql, producerPreviewSqlData,
]
