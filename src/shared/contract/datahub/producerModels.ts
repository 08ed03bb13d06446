import { z } from 'zod'
import {
  apiAuthorizationSchema,
  callbackShape,
  httpParamsModelSchema,
  optionalCount as count,
  optionalText as text,
  propertiesSchema,
  wsHeaderParameterSchema,
  wsParameterSchema,
  wsParamsModelSchema,
} from './common'

export { SERVER_API_ADDR, SERVER_API_WS_ADDR } from '../../rules/datahub/producerModes'

/** http mode: the request, its callback, task-time recording and pagination. */
export const producerHttpModelSchema = z.object({
  httpParamsModel: httpParamsModelSchema.optional(),
  callbackHttpParamsModel: httpParamsModelSchema.optional(),
  callbackWSParamsModel: wsParamsModelSchema.optional(),
  ...callbackShape,
  /** Form fields of the HTTP producer (spec §5: requestType, requestApi, requestParam, auth). */
  requestType: text(),
  requestApi: text(),
  requestParam: text(),
  authenStatus: text(),
  authenId: text(),
  dataStrategy: text(),
  isRecordTaskTime: text(),
  /** '2' reads the task time from a field of the data; '1' uses the run time. */
  taskTimeSourceType: text(),
  taskTimeSourceField: text(),
  taskTimeSourceFormat: text(),
  isPagination: text(),
  paginationParam: text(),
  paginationLevel: count(),
  /** When paging stops (rules/datahub/pagingStop.ts); absent or '' is 'auto'. Not in the spec: added by issue 32. */
  paginationStop: text(),
  properties: propertiesSchema,
})

/**
 * serverApi / serverApiWS: the fixed addresses, the API authentication the caller must pass
 * (spec §2 "API authentication": display '1' needs the method selectedAuth), and a callback.
 */
export const apiRequestInfoModelSchema = z.object({
  apiAddr: text(),
  apiWSAddr: text(),
  authorization: apiAuthorizationSchema.optional(),
  callbackStrategy: text(),
  callbackHttpParamsModel: httpParamsModelSchema.optional(),
  callbackWSParamsModel: wsParamsModelSchema.optional(),
  properties: propertiesSchema,
})

export const producerBigdataModelSchema = z.object({
  dataSourceName: text(),
  tableName: text(),
  querySql: text(),
  timestarpField: text(),
  /** 'all' or 'up' (incremental). */
  dataSynch: text(),
  profileField: text(),
  dataStoreType: text(),
  columnRow: text(),
  properties: propertiesSchema,
})

export const columnModelSchema = z.object({ columnName: z.string(), synchStatus: text() })

export const producerDbLinkModelSchema = z.object({
  dataSourceName: text(),
  dataGetMethod: text(),
  sortField: text(),
  tableName: text(),
  columnModelList: z.array(columnModelSchema).optional(),
  queryCondition: text(),
  querySql: text(),
  timestarpField: text(),
  dataSynch: text(),
  taskStartTime: text(),
  batchGetData: text(),
  everyBatchCount: count(),
  batchFailRetry: text(),
  failRetry: text(),
  /** 'pageList' or 'function'. */
  queryType: text(),
  profileField: text(),
  lastUpdateTime: text(),
  dataStoreType: text(),
  searchPageSize: count(),
  properties: propertiesSchema,
})

/** One sheet description; the spec uses the first (excelModels[0]). */
export const excelModelSchema = z.object({
  sheetName: text(),
  modelCodeCellIndex: count(),
  headerRowNum: count(),
  valueStartRowNum: count(),
  properties: propertiesSchema,
})

export const webServiceModelSchema = z.object({
  wsdlUrl: text(),
  methodName: text(),
  namespace: text(),
  serviceAddress: text(),
  parameters: z.array(wsParameterSchema).optional(),
  portName: text(),
  headerMethodName: text(),
  headerParameters: z.array(wsHeaderParameterSchema).optional(),
  properties: propertiesSchema,
})

export const mqModelSchema = z.object({
  dataSourceName: text(),
  exchangeName: text(),
  queueName: text(),
  routingKey: text(),
  brokerUrl: text(),
  properties: propertiesSchema,
})

export const ldapModelSchema = z.object({
  dataSourceName: text(),
  base: text(),
  queryCondition: text(),
  resultFields: text(),
  properties: propertiesSchema,
})

/** Every mode sub-model of a producer; null when not set. Stored as one JSON document. */
export const producerModelsShape = {
  httpRequestInfoModel: producerHttpModelSchema.nullable().default(null),
  apiRequestInfoModel: apiRequestInfoModelSchema.nullable().default(null),
  bigdataRequestInfoModel: producerBigdataModelSchema.nullable().default(null),
  dbLinkRequestInfoModel: producerDbLinkModelSchema.nullable().default(null),
  excelModels: z.array(excelModelSchema).nullable().default(null),
  webServiceRequestInfoModel: webServiceModelSchema.nullable().default(null),
  mqRequestInfoModel: mqModelSchema.nullable().default(null),
  ldapRequestInfoModel: ldapModelSchema.nullable().default(null),
}
export const PRODUCER_MODEL_KEYS = Object.keys(producerModelsShape) as (keyof typeof producerModelsShape)[]
