import { z } from 'zod'
import {
  apiParamRowSchema,
  apiAuthorizationSchema,
  callbackShape,
  httpParamsModelSchema,
  optionalText as text,
  propertiesSchema,
  wsParamsModelSchema,
} from './common'
import { apiRequestInfoModelSchema, excelModelSchema, mqModelSchema, webServiceModelSchema } from './producerModels'

/** webservice: the producer's model plus callback settings. */
export const consumerWebServiceModelSchema = webServiceModelSchema.extend(callbackShape)

export const consumerHttpModelSchema = z.object({
  httpParamsModel: httpParamsModelSchema.optional(),
  /** A URL, or a path starting with '/'. */
  requestUri: text(),
  requestMethod: text(),
  ...callbackShape,
  callbackHttpParamsModel: httpParamsModelSchema.optional(),
  callbackWSParamsModel: wsParamsModelSchema.optional(),
  requestToken: text(),
  authenStatus: text(),
  authenId: text(),
  authenName: text(),
  /**
   * Ours (the spec names none): '1' sends a message's properties (an mq producer's AMQP message
   * id, correlation id, timestamp, type, app id, headers) as the HTTP headers PROPERTY_HEADERS
   * names (messageProperties.ts); '0' or absent (the default) sends none.
   */
  passMessageProperties: text(),
  properties: propertiesSchema,
})

export const consumerDbLinkModelSchema = z.object({
  targetTableName: text(),
  /** JSON text of mapping rows, as the consumer's own fieldMappings. */
  fieldMappings: text(),
  isUpdateRecord: text(),
  compareField: text(),
  properties: propertiesSchema,
})

export const fileModelSchema = z.object({
  fileDir: text(),
  fileNameRule: text(),
  fileNamePrefix: text(),
  properties: propertiesSchema,
})

/**
 * An excel consumer's sheet (the producer's excelModels[0] layout) and where its workbooks go,
 * modelled on the file consumer's fields (the spec names none for excel): fileDir is the folder
 * below the file location's base folder (empty, '/' or '.': the base folder itself), fileNamePrefix
 * comes before the topic code in every name, filePer (EXCEL_FILE_PER) is 'message' (one workbook
 * per message, <prefix><topic>_<timestamp>.xlsx; the default) or 'day' (the day's messages
 * appended to <prefix><topic>_<yyyyMMdd>.xlsx). src/hub/runtime/deliver/excel.ts writes them.
 */
export const consumerExcelModelSchema = excelModelSchema.extend({
  fileDir: text(),
  fileNamePrefix: text(),
  filePer: text(),
})

export const consumerBigDataModelSchema = z.object({
  targetTableName: text(),
  columnFamily: text(),
  rowKey: text(),
  fieldMappings: text(),
  properties: propertiesSchema,
})

/** Every mode sub-model of a consumer; null when not set. Stored as one JSON document. */
export const consumerModelsShape = {
  webServiceRequestInfoModel: consumerWebServiceModelSchema.nullable().default(null),
  apiRequestInfoModel: apiRequestInfoModelSchema.nullable().default(null),
  httpRequestInfoModel: consumerHttpModelSchema.nullable().default(null),
  dbLinkRequestInfoModel: consumerDbLinkModelSchema.nullable().default(null),
  excelModels: z.array(consumerExcelModelSchema).nullable().default(null),
  fileRequestInfoModel: fileModelSchema.nullable().default(null),
  mqRequestInfoModel: mqModelSchema.nullable().default(null),
  bigDataRequestInfoModel: consumerBigDataModelSchema.nullable().default(null),
}
export const CONSUMER_MODEL_KEYS = Object.keys(consumerModelsShape) as (keyof typeof consumerModelsShape)[]

/** The API object of an http notification (POST or GET). */
export const notifyApiSchema = z.object({
  url: z.string(),
  method: z.enum(['POST', 'GET']),
  params: z.array(apiParamRowSchema).optional(),
  authorization: apiAuthorizationSchema.optional(),
  headers: z.array(apiParamRowSchema).optional(),
  body: httpParamsModelSchema.shape.body,
})

/**
 * One result notification (spec §3): to a table (db), an API (http) or recipients (email).
 * The list travels as JSON text in the consumer's notifyInfo.
 */
export const notifyEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('db'), status: z.string(), receiver: z.object({ datasourceName: z.string(), tableName: z.string() }) }),
  z.object({ type: z.literal('http'), status: z.string(), receiver: notifyApiSchema }),
  z.object({ type: z.literal('email'), status: z.string(), receiver: z.string() }),
])
export type NotifyEntry = z.infer<typeof notifyEntrySchema>
/** Spec §9: the default table of db result notifications. */
export const DEFAULT_NOTIFY_TABLE = 'dh_task_result_notify'

/** The entries of a notifyInfo text; an empty or unreadable text has none. */
export function parseNotifyInfo(text: string): NotifyEntry[] {
  if (text.trim() === '') return []
  try {
    const parsed = z.array(notifyEntrySchema).safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}
export const serialiseNotifyInfo = (entries: readonly NotifyEntry[]): string => JSON.stringify(entries)
