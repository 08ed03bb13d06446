import type { Topic, TopicInput } from '../../../../shared/contract/datahub/topic'
import type { RouteRowForm } from '../../../../shared/rules/datahub/route'
import { joinTags, splitTags } from '../../../../shared/rules/datahub/tags'
import { ROUTE_BY_KEY } from '../../../../shared/rules/datahub/topic'

/** The topic editor's values: tags as a list (spec §3 "edited as a list"), log days as numbers. */
export interface TopicValues {
  code: string
  name: string
  status: string
  distributeType: string
  dataFormat: string
  dataLevel: string
  dataStatistics: string
  topicSchema: string
  routeTableData: Required<RouteRowForm>[]
  alarm: string
  logStoreDay: number
  logDataStoreDay: number
  tags: string[]
  remark: string
}

/** Spec §3 defaults: status 1, distributeType 1, dataStatistics 1, logStoreDay 2, logDataStoreDay 1. */
export const blankTopic = (): TopicValues => ({
  code: '',
  name: '',
  status: '1',
  distributeType: '1',
  dataFormat: '',
  dataLevel: '',
  dataStatistics: '1',
  topicSchema: '',
  routeTableData: [],
  alarm: '',
  logStoreDay: 2,
  logDataStoreDay: 1,
  tags: [],
  remark: '',
})

export const valuesFromTopic = (t: Topic): TopicValues => ({
  code: t.code,
  name: t.name,
  status: t.status,
  distributeType: t.distributeType,
  dataFormat: t.dataFormat,
  dataLevel: t.dataLevel,
  dataStatistics: t.dataStatistics,
  topicSchema: t.topicSchema,
  routeTableData: t.routeTableData.map((r) => ({ syntax: r.syntax, expression: r.expression, routingKey: r.routingKey })),
  alarm: t.alarm,
  logStoreDay: t.logStoreDay,
  logDataStoreDay: t.logDataStoreDay,
  tags: splitTags(t.tags),
  remark: t.remark,
})

/**
 * What the rule checks and the hub receives. Route rows only count when the topic routes by key:
 * rows left over from an earlier choice must not block a broadcast topic's save.
 */
export const topicInputOf = (v: TopicValues): TopicInput => ({
  ...v,
  status: v.status as TopicInput['status'],
  distributeType: v.distributeType as TopicInput['distributeType'],
  dataStatistics: v.dataStatistics as TopicInput['dataStatistics'],
  routeTableData: v.distributeType === ROUTE_BY_KEY ? v.routeTableData : [],
  tags: joinTags(v.tags),
})

/** Spec §2: the five tabs of the topic editor. */
export const TOPIC_TABS = ['basic', 'router', 'notice', 'log', 'remark'] as const
export type TopicTab = (typeof TOPIC_TABS)[number]

const FIELD_TAB: Record<string, TopicTab> = {
  distributeType: 'router',
  routeTableData: 'router',
  alarm: 'notice',
  logStoreDay: 'log',
  logDataStoreDay: 'log',
  remark: 'remark',
}
/** The tab that shows a field's message (so a refused save can open it). */
export const tabOfField = (path: string): TopicTab => FIELD_TAB[path.split('.')[0] ?? ''] ?? 'basic'

/**
 * Data formats offered (the spec names the field and json only; these are the formats the hub's
 * producers deliver). Spec §4: choosing json sets the schema to an empty object.
 */
export const DATA_FORMATS = ['json', 'xml', 'text'] as const
export const JSON_FORMAT = 'json'
