import type { DictionaryEntry } from '../../shared/contract/platform/startup'
import type { ConsumerSummary } from '../../shared/contract/datahub/consumer'
import type { ProducerSummary } from '../../shared/contract/datahub/producer'
import type { Run } from '../../shared/contract/datahub/schedule'
import type { TopicDetail, TopicFlow } from '../../shared/contract/datahub/topic'
import type { Application } from '../../shared/contract/platform/apps/applications'

const at = '2024-05-01T08:00:00.000Z'

export const makeProducer = (extra: Partial<ProducerSummary> = {}): ProducerSummary => ({
  id: 'p1',
  version: 1,
  topicCode: 'orders',
  appCode: 'erp',
  appName: 'ERP',
  appType: '0',
  productionMode: 'http',
  alarmStatus: '1',
  retriable: '0',
  status: '1',
  requestStrategy: '1',
  intervalUnit: '1',
  weeks: '',
  minutes: '',
  amHours: '',
  pmHours: '',
  pollingInterval: '',
  pollingStartTime: '',
  ...extra,
})

export const makeConsumer = (extra: Partial<ConsumerSummary> = {}): ConsumerSummary => ({
  id: 'c1',
  version: 1,
  topicCode: 'orders',
  routingKey: 'orders',
  applicationCode: 'wms',
  applicationName: 'WMS',
  applicationType: '0',
  dataConsumeType: 'http',
  alarmStatus: '0',
  retriable: '1',
  retryNum: '3',
  retryTimeInterval: '60',
  status: '1',
  ...extra,
})

/** A finished run of producer p1 as /producer/runs answers it. */
export const makeRun = (extra: Partial<Run> = {}): Run => ({
  id: 'r1',
  producerId: 'p1',
  topicCode: 'orders',
  plannedAt: '2026-11-26T08:00:00.000Z',
  trigger: 'schedule',
  state: 'succeeded',
  node: 'hub-a',
  attempt: 0,
  startedAt: '2026-11-26T08:00:01.000Z',
  finishedAt: '2026-11-26T08:00:13.500Z',
  durationMs: 12_500,
  nextAttemptAt: null,
  rowsRead: 40,
  messagesAccepted: 38,
  messagesRefused: 2,
  error: '',
  pagingStop: '',
  ...extra,
})

/**
 * The operator's time zone for one test (Node applies a changed TZ at once): dates on screen are
 * the same on any machine. Returns the undo.
 */
export function pinTimeZone(zone: string): () => void {
  // The tests run under Node; the renderer's types know no `process`.
  const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env
  const before = env.TZ
  env.TZ = zone
  return () => {
    if (before === undefined) delete env.TZ
    else env.TZ = before
  }
}

/** An enabled application as /application/listAll answers it (the editors' application select). */
export const makeApplication = (code: string, appType = '0', name = code): Application => ({
  id: code,
  code,
  name,
  appType,
  stakeholder: '',
  stakeholderPhone: '',
  stakeholderEmail: '',
  routePath: '',
  status: '1',
  updatedDate: '',
})

export const makeTopic = (extra: Partial<TopicFlow> = {}): TopicFlow => ({
  id: 't1',
  version: 1,
  createdAt: at,
  updatedAt: at,
  code: 'orders',
  name: '订单主题',
  status: '1',
  isDelete: '0',
  remark: '',
  dataStatistics: '1',
  dataFormat: '',
  dataLevel: '',
  distributeType: '1',
  logStoreDay: 2,
  logDataStoreDay: 1,
  tags: '订单，库存',
  dhProducer: makeProducer(),
  dhConsumers: [makeConsumer()],
  ...extra,
})

/** A topic as /topic/detail answers it (the dialogs' tests need no producer or consumers). */
export const makeTopicDetail = (extra: Partial<TopicDetail> = {}): TopicDetail =>
  ({ ...makeTopic({ dhProducer: null, dhConsumers: [] }), topicSchema: '', alarm: '', routeTableData: [], ...extra }) as TopicDetail

const entry = (dictType: string, dictValue: string, dictLabelCn: string, dictLabelEn: string, sort: number): DictionaryEntry => ({ dictType, dictValue, dictLabelCn, dictLabelEn, status: '1', sort })

/** The dictionaries the flow screens read, as the hub seeds them. */
export const datahubDictionaries: DictionaryEntry[] = [
  entry('dh_distribute_type', '1', '广播给全部消费者', 'Broadcast to all consumers', 1),
  entry('dh_distribute_type', '2', '按路由键分发', 'Route by key', 2),
  entry('dh_producer_production_mode', 'http', 'HTTP 接口', 'HTTP', 1),
  entry('dh_producer_production_mode', 'serverApi', '服务端接口', 'Server API', 2),
  entry('dh_producer_production_mode', 'dblink', '数据库', 'Database link', 3),
  entry('dh_system_check_warning', '1', '告警', 'Warn', 1),
  entry('dh_system_check_warning', '0', '不告警', 'Do not warn', 2),
  entry('pf_consumer_type', 'http', 'HTTP 接口', 'HTTP', 1),
  entry('pf_consumer_type', 'dblink', '数据库', 'Database link', 2),
  entry('pf_consumer_type', 'serverApi', '服务端接口', 'Server API', 3),
  entry('pf_application_type', '0', '内部应用', 'Internal application', 1),
  entry('pf_application_type', '1', '外部应用', 'External application', 2),
  entry('sys_status', '1', '启用', 'Enabled', 1),
  entry('sys_status', '0', '停用', 'Disabled', 2),
  entry('pf_request_strategy', '1', '定时', 'Timetable', 1),
  entry('pf_request_strategy', '2', '轮询', 'Polling', 2),
  entry('pf_producer_interval_units', '1', '分钟', 'Minute', 1),
]

/**
 * jsdom lays nothing out: give every element a viewport height so the virtualised list has a
 * window to fill (it reads the scroller's clientHeight). Returns the undo.
 */
export function stubViewport(height = 800): () => void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height })
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original)
  }
}
