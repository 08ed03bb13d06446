import { z } from 'zod'
import {
  alarmShape,
  checkRetryAndProcessors,
  normaliseRetryAndProcessors,
  processorShape,
  remarkRule,
  requiredText,
  retryShape,
  schemaTextRule,
} from './common'
import { fieldMappingsRule } from './mapping'
import { ROUTING_KEY_MAX } from './route'
import { chars, POSITIVE_INTEGER, URL_PATTERN } from '../patterns'

/** Spec §9: how a consumer delivers data. */
export const CONSUME_TYPES = ['http', 'webservice', 'serverApi', 'dblink', 'excel', 'file', 'mq', 'bigdata'] as const
export type ConsumeType = (typeof CONSUME_TYPES)[number]

/**
 * Spec §4: a consumer is '0' when new, '1' running, '2' stopped. The toggle starts a consumer
 * that is not running and stops one that is; see nextConsumerStatus.
 */
export const CONSUMER_STATUSES = ['0', '1', '2'] as const
export const CONSUMER_RUNNING = '1'

/**
 * Spec: "a consumer toggle sets 1 when it was 0, otherwise 2". Read literally a stopped consumer
 * ('2') would stay '2' for ever; we read "otherwise" as "when it runs", so '2' starts again.
 */
export const nextConsumerStatus = (status: string): '1' | '2' => (status === CONSUMER_RUNNING ? '2' : '1')

/** Spec §5: letters, digits, Chinese characters and spaces. */
export const NAME_SPACE_CHARS = chars(['letters', 'digits', 'chinese', 'space'], 1)

/** Notification settings travel as JSON text of a list (spec §7); empty means none. */
export function isJsonListText(text: string): boolean {
  if (text.trim() === '') return true
  try {
    return Array.isArray(JSON.parse(text))
  } catch {
    return false
  }
}

/** Basic-tab fields of a consumer with their rules (spec part 1 §5). */
export const consumerRuleShape = {
  topicCode: requiredText('msg_topic_required', 64),
  /** The topic code unless the topic routes by key (distributeType '2'); the hub decides. */
  routingKey: z.string().trim().max(ROUTING_KEY_MAX, 'msg_routing_key_length').default(''),
  applicationCode: requiredText('msg_app_code_required', 50, 'msg_application_rule').regex(NAME_SPACE_CHARS, 'msg_application_rule'),
  applicationName: z.string().max(200, 'msg_field_invalid').default(''),
  applicationType: z.string().max(50, 'msg_application_rule').regex(NAME_SPACE_CHARS, 'msg_application_rule').default('0'),
  applicationMaintainer: z.string().max(200, 'msg_field_invalid').default(''),
  dataConsumeType: z.enum(CONSUME_TYPES, { error: 'msg_consume_type_required' }),
  datasourceName: z.string().max(200, 'msg_field_invalid').default(''),
  remark: remarkRule,
  requestBodySchema: schemaTextRule,
  ...alarmShape,
  extraEmail: z.string().max(500, 'msg_email_length').default(''),
  notifyInfo: z.string().max(20000, 'msg_notify_info_invalid').default('').refine(isJsonListText, 'msg_notify_info_invalid'),
  fieldMappings: fieldMappingsRule,
  ...retryShape,
  ...processorShape,
}

/** The hub's cross-field check: retry, processors, and the lengths and formats of the type's sub-model. */
export function checkConsumer(v: Parameters<typeof checkRetryAndProcessors>[0] & ConsumerModelFields, ctx: z.RefinementCtx): void {
  checkRetryAndProcessors(v, ctx)
  checkConsumerModel(v, ctx, false)
}
export const normaliseConsumer = normaliseRetryAndProcessors

export const consumerFormSchema = z.object(consumerRuleShape).superRefine(checkConsumer).transform(normaliseConsumer)
export type ConsumerForm = z.input<typeof consumerFormSchema>

/** Spec §3: the sub-model each consume type carries. */
export const CONSUMER_MODEL_OF = {
  http: 'httpRequestInfoModel',
  webservice: 'webServiceRequestInfoModel',
  serverApi: 'apiRequestInfoModel',
  dblink: 'dbLinkRequestInfoModel',
  excel: 'excelModels',
  file: 'fileRequestInfoModel',
  mq: 'mqRequestInfoModel',
  bigdata: 'bigDataRequestInfoModel',
} as const satisfies Record<ConsumeType, string>
export type ConsumerModelKey = (typeof CONSUMER_MODEL_OF)[ConsumeType]

/**
 * Spec §4: data-source type codes of the consumer's data-source list (1 dblink, 3 file, 4 mq,
 * 5 bigdata). excel is ours: its workbooks are files too, written into a file location (3).
 */
export const CONSUMER_SOURCE_TYPE: Partial<Record<ConsumeType, string>> = { dblink: '1', excel: '3', file: '3', mq: '4', bigdata: '5' }

/**
 * Ours (the spec gives excel consumers no destination): one workbook per message (the default,
 * also when empty) or one per day that the day's messages are appended to.
 */
export const EXCEL_FILE_PER = ['message', 'day'] as const
export type ExcelFilePer = (typeof EXCEL_FILE_PER)[number]
export const EXCEL_PER_MESSAGE: ExcelFilePer = 'message'

/** Spec §5: an http consumer's requestUri is a URL or a path starting with '/'. */
export const REQUEST_URI = new RegExp(`^(?:${URL_PATTERN.source.slice(1, -1)}|\\/\\S*)$`, 'i')

/** One field rule of a sub-model (spec part 1 §5, consumer). */
export interface ModelFieldRule {
  field: string
  max: number
  /** Required in the editor; `when` narrows it to a state of the model (e.g. authentication on). */
  required?: boolean
  when?: (model: Record<string, unknown>) => boolean
  pattern?: RegExp
}

/**
 * Spec part 1 §5, consumer: dblink/bigdata targetTableName 1–50; mq queueName, exchangeName,
 * routingKey 1–200; file fileDir and fileNameRule required; http requestMethod 1–50, requestUri a
 * URL or '/' path 1–1000, callbackReqApi and callbackReqParam ≤ 1000, authentication status and
 * method; webservice wsdlUrl, methodName, serviceAddress 1–500 and callbackStrategy; excel's four
 * sheet settings (§5 Excel) and its destination (ours, like file's: fileDir below the file
 * location, empty for its base folder; a prefix; filePer). exchangeName is needed for rabbitmq only, so it is not required here.
 * http passMessageProperties (ours) is '1' or '0', optional ('0' when absent).
 */
export const CONSUMER_MODEL_RULES: Record<ConsumeType, readonly ModelFieldRule[]> = {
  dblink: [{ field: 'targetTableName', max: 50, required: true }, { field: 'compareField', max: 200 }],
  bigdata: [{ field: 'targetTableName', max: 50, required: true }, { field: 'columnFamily', max: 200 }, { field: 'rowKey', max: 200 }],
  mq: [{ field: 'queueName', max: 200, required: true }, { field: 'exchangeName', max: 200 }, { field: 'routingKey', max: 200 }],
  file: [{ field: 'fileDir', max: 1000, required: true }, { field: 'fileNameRule', max: 50, required: true }, { field: 'fileNamePrefix', max: 200 }],
  http: [
    { field: 'requestMethod', max: 50, required: true },
    { field: 'requestUri', max: 1000, required: true, pattern: REQUEST_URI },
    { field: 'callbackStrategy', max: 50 },
    { field: 'callbackReqType', max: 50 },
    { field: 'callbackReqApi', max: 1000, required: true, when: (m) => m.callbackStrategy === '2' },
    { field: 'callbackReqParam', max: 1000 },
    { field: 'authenStatus', max: 10, required: true },
    { field: 'authenId', max: 100, required: true, when: (m) => m.authenStatus === '1' },
    { field: 'passMessageProperties', max: 1, pattern: /^[01]$/ },
  ],
  webservice: [
    { field: 'wsdlUrl', max: 500, required: true },
    { field: 'methodName', max: 500, required: true },
    { field: 'serviceAddress', max: 500, required: true },
    { field: 'callbackStrategy', max: 50, required: true },
  ],
  serverApi: [{ field: 'apiAddr', max: 255 }],
  excel: [
    { field: 'sheetName', max: 200, required: true },
    { field: 'modelCodeCellIndex', max: 50, required: true },
    { field: 'headerRowNum', max: 11, required: true, pattern: POSITIVE_INTEGER },
    { field: 'valueStartRowNum', max: 11, required: true, pattern: POSITIVE_INTEGER },
    { field: 'fileDir', max: 1000 },
    { field: 'fileNamePrefix', max: 200 },
    { field: 'filePer', max: 20, pattern: new RegExp(`^(${EXCEL_FILE_PER.join('|')})$`) },
  ],
}

/**
 * A file consumer's fileDir when it has no data source (no file location; excel needs one): a folder
 * below the hub's folder for such files (HubConfig consumerFilesDir), so no absolute path (also
 * C:\… or \\server\…) and no '..' segment. True when `dir` breaks that rule.
 */
export function hubFileDirOutside(dir: string): boolean {
  const d = dir.trim().replace(/\\/g, '/')
  return d.startsWith('/') || /^[A-Za-z]:/.test(d) || d.split('/').includes('..')
}

/** What checkConsumerModel reads: the type, the data source and the sub-models. */
export interface ConsumerModelFields {
  dataConsumeType: string
  datasourceName?: string
  [model: string]: unknown
}

/** The type's sub-model as one object (excel keeps its settings in excelModels[0]). */
export function modelOf(v: ConsumerModelFields, type: ConsumeType): Record<string, unknown> | null {
  const m = v[CONSUMER_MODEL_OF[type]]
  if (type === 'excel') return Array.isArray(m) ? ((m[0] as Record<string, unknown> | undefined) ?? null) : null
  return m != null && typeof m === 'object' ? (m as Record<string, unknown>) : null
}

/**
 * The type's sub-model rules. The editor asks with `requireFields` (its form checks everything,
 * on blur and before save); the hub checks lengths and formats of what was sent, and does not
 * require sub-model fields, so records made before a rule existed can still be edited field by
 * field (an update sends only what changed).
 */
export function checkConsumerModel(v: ConsumerModelFields, ctx: z.RefinementCtx, requireFields: boolean): void {
  const type = CONSUME_TYPES.find((t) => t === v.dataConsumeType)
  if (!type) return
  const modelKey = CONSUMER_MODEL_OF[type]
  const base = type === 'excel' ? [modelKey, 0] : [modelKey]
  if (requireFields && CONSUMER_SOURCE_TYPE[type] && (v.datasourceName ?? '').trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['datasourceName'], message: 'msg_field_required', input: v.datasourceName })
  }
  const model = modelOf(v, type) ?? {}
  for (const rule of CONSUMER_MODEL_RULES[type]) {
    const raw = model[rule.field]
    const value = typeof raw === 'string' ? raw.trim() : raw == null ? '' : String(raw)
    const path = [...base, rule.field]
    if (value === '') {
      if (requireFields && rule.required && (rule.when?.(model) ?? true)) ctx.addIssue({ code: 'custom', path, message: 'msg_field_required', input: raw })
      continue
    }
    if (value.length > rule.max || (rule.pattern && !rule.pattern.test(value))) ctx.addIssue({ code: 'custom', path, message: 'msg_field_invalid', input: raw })
    else if (type === 'file' && rule.field === 'fileDir' && (v.datasourceName ?? '').trim() === '' && hubFileDirOutside(value)) ctx.addIssue({ code: 'custom', path, message: 'msg_consumer_file_dir_outside', input: raw })
  }
}
