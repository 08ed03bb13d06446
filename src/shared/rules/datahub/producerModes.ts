import { z } from 'zod'
import { PAGINATION_STOPS } from './pagingStop'
import { POSITIVE_INTEGER } from '../patterns'

/**
 * The rules of each producer mode's sub-model (spec part 1 §5) and the transitions §4 ties to
 * them. Shared: the console checks them on blur, the hub on create and update. They work on the
 * sub-model as sent (plain objects), so they need nothing of the contract's schemas.
 *
 * Two rules depend on the chosen data source, which only the console knows at edit time (the
 * hub keeps sources apart): the exchange name is required for RabbitMQ sources only, and the
 * sort field for SQL Server sources read page by page. They run when `ModeContext` says so.
 */

/*
 * The spec gives no texts for these fields: the generic messages ('必填字段', '字段值不符合要求')
 * serve, and the spec's own where it has one ('WSDL地址不能为空').
 */
const REQUIRED = 'msg_field_required'
const TOO_LONG = 'msg_field_invalid'

/** Required text of at most `max` characters (blank counts as missing). */
const req = (max: number, key = REQUIRED) => z.string({ error: key }).trim().min(1, { error: key, abort: true }).max(max, TOO_LONG)
const opt = (max: number) => z.string().max(max, TOO_LONG).optional()
/** Counts the console holds as text or as numbers. */
const countText = (key = REQUIRED) =>
  z.union([z.string(), z.number()], { error: key }).transform(String).pipe(z.string().trim().min(1, { error: key, abort: true }).regex(/^\d{1,11}$/, 'msg_positive_integer'))

const issue = (ctx: z.RefinementCtx, path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: undefined })
const blank = (v: unknown) => v == null || String(v).trim() === ''

/** Spec §3: dataSynch 'all' or 'up' (incremental); dataStoreType '1' stores a chosen field. */
export const DATA_SYNCH = ['all', 'up'] as const
export const STORE_FIELD = '1'
/** Spec §3: a dblink producer reads page by page (pageList) or calls a function. */
export const DB_QUERY_TYPES = ['pageList', 'function'] as const
/**
 * dataGetMethod is "not shown" beyond 1–100 characters and "method 1" needing a sort field on
 * SQL Server; we read '1' as paging through the query by a sort field and '2' as one query.
 */
export const DATA_GET_METHODS = ['1', '2'] as const
export const PAGED_BY_SORT_FIELD = '1'
/** Spec §9 callback strategies: '1' none (default), '2' HTTP, '3' web service. */
export const CALLBACK_STRATEGIES = ['1', '2', '3'] as const

/** Spec §3: the fixed addresses a serverApi / serverApiWS producer is called on. */
export const SERVER_API_ADDR = '/producer/serverApi'
/** Where the serverApiWS web service is posted to, at the hub's root (not under /api). */
export const SERVER_API_WS_PATH = '/webservice/producer/serverApiWS'
/** The address the producer shows: the service's generated WSDL. */
export const SERVER_API_WS_ADDR = `${SERVER_API_WS_PATH}?wsdl`

export interface ModeContext {
  /** Kind of the chosen data source (rabbitmq, activemq, sqlserver, mysql…), when known. */
  sourceKind?: string | undefined
}

const httpRule = z
  .object({
    requestType: req(50),
    requestApi: req(1000),
    requestParam: opt(1000),
    authenStatus: opt(20),
    authenId: opt(200),
    isRecordTaskTime: opt(20),
    taskTimeSourceType: opt(20),
    taskTimeSourceField: opt(200),
    isPagination: opt(20),
    paginationParam: opt(1000),
    paginationStop: z.enum(['', ...PAGINATION_STOPS], { error: TOO_LONG }).optional(),
  })
  .superRefine((m, ctx) => {
    if (m.authenStatus === '1' && blank(m.authenId)) issue(ctx, 'authenId', REQUIRED)
    if (m.isRecordTaskTime === '1' && blank(m.taskTimeSourceType)) issue(ctx, 'taskTimeSourceType', REQUIRED)
    if (m.isRecordTaskTime === '1' && m.taskTimeSourceType === '2' && blank(m.taskTimeSourceField)) issue(ctx, 'taskTimeSourceField', REQUIRED)
    if (m.isPagination === '1' && blank(m.paginationParam)) issue(ctx, 'paginationParam', REQUIRED)
  })

/** Spec: 'WSDL地址不能为空'; method and service address 1–500 in the mode rule. */
const webServiceRule = z.object({
  wsdlUrl: req(500, 'msg_wsdl_address_required'),
  methodName: req(500),
  serviceAddress: req(500),
})

/** The addresses are fixed (the hub sets them on save): only their length is checked (spec 1–255, 1–1000). */
const serverApiRule = z.object({ apiAddr: opt(255) })
const serverApiWsRule = z.object({ apiWSAddr: opt(1000) })

const dbLinkRule = z
  .object({
    dataSourceName: req(50),
    dataGetMethod: req(100),
    sortField: opt(100),
    tableName: opt(50),
    queryType: z.enum(DB_QUERY_TYPES, { error: REQUIRED }),
    querySql: req(5000),
    queryCondition: opt(10000),
    searchPageSize: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().regex(/^(|[1-9]|1\d|20)$/, TOO_LONG))
      .optional(),
    dataSynch: z.enum(DATA_SYNCH, { error: REQUIRED }),
    timestarpField: opt(100),
    taskStartTime: opt(50),
    dataStoreType: opt(20),
    profileField: opt(100),
    batchGetData: z.enum(['0', '1'], { error: REQUIRED }),
    everyBatchCount: z.union([z.string(), z.number()]).optional(),
    failRetry: z.enum(['0', '1'], { error: REQUIRED }),
  })
  .superRefine((m, ctx) => {
    if (m.dataSynch === 'up' && blank(m.timestarpField)) issue(ctx, 'timestarpField', REQUIRED)
    if (m.dataSynch === 'up' && blank(m.taskStartTime)) issue(ctx, 'taskStartTime', REQUIRED)
    if (m.dataStoreType === STORE_FIELD && blank(m.profileField)) issue(ctx, 'profileField', REQUIRED)
    if (m.batchGetData === '1' && !POSITIVE_INTEGER.test(String(m.everyBatchCount ?? ''))) issue(ctx, 'everyBatchCount', 'msg_positive_integer')
  })

const ldapRule = z.object({
  dataSourceName: req(50),
  base: req(150),
  queryCondition: req(10000),
  resultFields: req(10000),
})

const mqRule = z.object({
  dataSourceName: opt(200),
  queueName: req(200),
  exchangeName: opt(200),
})

const excelRule = z.object({
  sheetName: req(200),
  modelCodeCellIndex: z.union([z.string(), z.number()], { error: REQUIRED }).transform(String).pipe(z.string().trim().min(1, REQUIRED).max(50, TOO_LONG)),
  headerRowNum: countText(),
  valueStartRowNum: countText(),
})

const bigdataRule = z
  .object({
    dataSourceName: req(50),
    tableName: req(50),
    querySql: req(5000),
    dataSynch: req(20),
    dataStoreType: req(20),
    timestarpField: opt(100),
    profileField: opt(100),
  })
  .superRefine((m, ctx) => {
    if (m.dataSynch === 'up' && blank(m.timestarpField)) issue(ctx, 'timestarpField', REQUIRED)
    if (m.dataStoreType === STORE_FIELD && blank(m.profileField)) issue(ctx, 'profileField', REQUIRED)
  })

/** Which sub-model a mode edits, and its rule. */
export const MODE_MODELS = {
  http: { key: 'httpRequestInfoModel', rule: httpRule },
  webservice: { key: 'webServiceRequestInfoModel', rule: webServiceRule },
  serverApi: { key: 'apiRequestInfoModel', rule: serverApiRule },
  serverApiWS: { key: 'apiRequestInfoModel', rule: serverApiWsRule },
  dblink: { key: 'dbLinkRequestInfoModel', rule: dbLinkRule },
  excel: { key: 'excelModels', rule: excelRule },
  ldap: { key: 'ldapRequestInfoModel', rule: ldapRule },
  mq: { key: 'mqRequestInfoModel', rule: mqRule },
  bigdata: { key: 'bigdataRequestInfoModel', rule: bigdataRule },
} as const
export type ModeModelKey = (typeof MODE_MODELS)[keyof typeof MODE_MODELS]['key']

type Loose = Record<string, unknown>
const isRecord = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The active mode's sub-model as the producer carries it (excel: its first sheet). */
export function modeModelOf(producer: object, mode: string): Loose | null {
  const spec = MODE_MODELS[mode as keyof typeof MODE_MODELS]
  if (!spec) return null
  const value = (producer as Loose)[spec.key]
  if (spec.key === 'excelModels') return Array.isArray(value) && isRecord(value[0]) ? value[0] : null
  return isRecord(value) ? value : null
}

const isSqlServer = (kind: string | undefined) => /sql\s*server|mssql/i.test(kind ?? '')

/**
 * Checks the active mode's sub-model when it is present; issues land under
 * `<modelKey>.<field>` (excel: `excelModels.0.<field>`). A producer saved without its sub-model
 * (older clients, the hub's own tests) is not refused for it.
 */
export function checkProducerMode(v: object, ctx: z.RefinementCtx, context: ModeContext = {}): void {
  const mode = String((v as Loose).productionMode ?? '')
  const spec = MODE_MODELS[mode as keyof typeof MODE_MODELS]
  const model = modeModelOf(v, mode)
  if (!spec || !model) return
  const prefix: (string | number)[] = spec.key === 'excelModels' ? [spec.key, 0] : [spec.key]
  const r = spec.rule.safeParse(model)
  if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: [...prefix, ...i.path.map((p) => p as string | number)], message: i.message, input: undefined })
  const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [...prefix, field], message, input: undefined })
  if (mode === 'mq' && context.sourceKind === 'rabbitmq' && blank(model.exchangeName)) at('exchangeName', REQUIRED)
  if (mode === 'dblink' && isSqlServer(context.sourceKind) && model.dataGetMethod === PAGED_BY_SORT_FIELD && blank(model.sortField)) {
    at('sortField', REQUIRED)
  }
}

/**
 * Spec §4 transitions applied on save to the active mode's sub-model: API authentication not
 * displayed clears the chosen method; not recording the task time clears its source fields, and
 * a source of type 1 (the run time) clears the field; serverApi and serverApiWS carry their fixed
 * address.
 */
export function normaliseProducerMode<T extends object>(v: T): T {
  const mode = String((v as Loose).productionMode ?? '')
  const model = modeModelOf(v, mode)
  if (!model) return v
  if (mode === 'http') {
    const next: Loose = { ...model }
    next.httpParamsModel = clearHiddenAuth(model.httpParamsModel)
    if (model.callbackHttpParamsModel !== undefined) next.callbackHttpParamsModel = clearHiddenAuth(model.callbackHttpParamsModel)
    if (model.httpParamsModel === undefined) delete next.httpParamsModel
    if (model.isRecordTaskTime === '0') Object.assign(next, { taskTimeSourceType: '', taskTimeSourceField: '', taskTimeSourceFormat: '' })
    else if (model.taskTimeSourceType === '1') next.taskTimeSourceField = ''
    return { ...v, httpRequestInfoModel: next }
  }
  if (mode === 'serverApi' || mode === 'serverApiWS') {
    const next: Loose = mode === 'serverApi' ? { ...model, apiAddr: SERVER_API_ADDR } : { ...model, apiWSAddr: SERVER_API_WS_ADDR }
    if (model.callbackHttpParamsModel !== undefined) next.callbackHttpParamsModel = clearHiddenAuth(model.callbackHttpParamsModel)
    return { ...v, apiRequestInfoModel: next }
  }
  return v
}

function clearHiddenAuth(api: unknown): unknown {
  if (!isRecord(api) || !isRecord(api.authorization)) return api
  const auth = api.authorization
  return auth.display === '1' ? api : { ...api, authorization: { ...auth, selectedAuth: '' } }
}

/** Spec §4: an ActiveMQ source has no exchange or routing key; both are cleared on save. */
export const clearForActiveMq = <M extends { exchangeName?: string | undefined; routingKey?: string | undefined }>(model: M, sourceKind: string | undefined): M =>
  sourceKind === 'activemq' ? { ...model, exchangeName: '', routingKey: '' } : model

/** Spec §4: changing batch-get resets both retry flags to '0'. */
export const onBatchGetChange = <M extends object>(model: M, batchGetData: string): M & { batchGetData: string; failRetry: string; batchFailRetry: string } => ({
  ...model,
  batchGetData,
  failRetry: '0',
  batchFailRetry: '0',
})

/** Spec §4: changing a retry flag sets the batch and non-batch flags equal. */
export const onRetryFlagChange = <M extends object>(model: M, flag: string): M & { failRetry: string; batchFailRetry: string } => ({ ...model, failRetry: flag, batchFailRetry: flag })

/**
 * Spec §4: the generated query selects the columns marked synchStatus 1, or all ('*') when none
 * or all are marked. Names are quoted only when they need it.
 */
export function generatedQuery(tableName: string, columns: readonly { columnName: string; synchStatus?: string | undefined }[]): string {
  const marked = columns.filter((c) => c.synchStatus === '1')
  const list = marked.length === 0 || marked.length === columns.length ? '*' : marked.map((c) => c.columnName).join(', ')
  return `select ${list} from ${tableName}`
}

/** Schedule strategy (spec §3 scheduleStrategyType): '1' timetable, '2' polling. */
export const TIMETABLE = '1'
export const POLLING = '2'

export interface ScheduleFields {
  requestStrategy: string
  weeks: string
  amHours: string
  pmHours: string
  minutes: string
  pollingInterval: string
}

/**
 * Spec §5 "Schedule: weekdays, hours, minutes required for timetable type"; polling needs a
 * positive interval. The console applies it to the modes that run on a schedule; the hub does not
 * (producers saved before the schedule editor have an empty timetable and must stay editable).
 */
export function checkSchedule(v: ScheduleFields, ctx: z.RefinementCtx): void {
  if (v.requestStrategy === TIMETABLE) {
    if (blank(v.weeks)) issue(ctx, 'weeks', REQUIRED)
    if (blank(v.amHours) && blank(v.pmHours)) issue(ctx, 'amHours', REQUIRED)
    if (blank(v.minutes)) issue(ctx, 'minutes', REQUIRED)
  } else if (v.requestStrategy === POLLING && !POSITIVE_INTEGER.test(v.pollingInterval)) {
    issue(ctx, 'pollingInterval', 'msg_positive_integer')
  }
}
