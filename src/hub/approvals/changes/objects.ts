import type { ChangeAction, ChangeObjectType } from '../../../shared/rules/approvals/process'
import { consumerCreate, consumerDelete, consumerGet, consumerStatus, consumerUpdate } from '../../datahub/consumers'
import { datasourceCreate, datasourceDelete, datasourceGet, datasourceStatus, datasourceUpdate } from '../../datahub/dataSources/dataSourceHandlers'
import { producerCreate, producerDelete, producerDisableOrEnable, producerGet, producerUpdate } from '../../datahub/producers'
import { topicDetail } from '../../datahub/topicRead'
import { topicCreate, topicDelete, topicDisableOrEnable, topicUpdate } from '../../datahub/topicWrite'
import type { Route } from '../../http/context'
import {
  externalCreate,
  externalDelete,
  externalGet,
  externalUpdate,
  internalCreate,
  internalDelete,
  internalGet,
  internalStatus,
  internalUpdate,
} from '../../platform/apps/gateways'

type Record = Readonly<{ [key: string]: unknown }>
const text = (v: unknown) => (typeof v === 'string' ? v : '')

/**
 * The hub configuration under change control (issue 19): for each kind of object, how to read
 * it as it is now (its detail call), what to call it, its application (a process variable),
 * fields left out of the diff, and its saving calls by action. The change gate (gate.ts) wraps
 * exactly these routes; an approved change is applied by calling the same route's handler.
 */
export interface ControlledObject {
  type: ChangeObjectType
  get: Route
  nameOf(record: Record): string
  applicationOf(record: Record): string
  /** Parts of the detail that belong to other objects (a topic's producer and consumers). */
  omit: readonly string[]
  saves: Partial<{ readonly [A in ChangeAction]: Route }>
}

export const CONTROLLED_OBJECTS: readonly ControlledObject[] = [
  {
    type: 'topic',
    get: topicDetail,
    nameOf: (r) => text(r.name) || text(r.code),
    applicationOf: () => '',
    omit: ['dhProducer', 'dhConsumers'],
    saves: { create: topicCreate, update: topicUpdate, status: topicDisableOrEnable, delete: topicDelete },
  },
  {
    type: 'producer',
    get: producerGet,
    nameOf: (r) => [text(r.topicCode), text(r.appName) || text(r.appCode)].filter(Boolean).join(' / '),
    applicationOf: (r) => text(r.appCode),
    omit: [],
    saves: { create: producerCreate, update: producerUpdate, status: producerDisableOrEnable, delete: producerDelete },
  },
  {
    type: 'consumer',
    get: consumerGet,
    nameOf: (r) => [text(r.topicCode), text(r.applicationName) || text(r.applicationCode)].filter(Boolean).join(' / '),
    applicationOf: (r) => text(r.applicationCode),
    omit: [],
    saves: { create: consumerCreate, update: consumerUpdate, status: consumerStatus, delete: consumerDelete },
  },
  {
    type: 'datasource',
    get: datasourceGet,
    nameOf: (r) => text(r.name),
    applicationOf: (r) => text(r.applicationCode),
    omit: [],
    saves: { create: datasourceCreate, update: datasourceUpdate, status: datasourceStatus, delete: datasourceDelete },
  },
  {
    type: 'gatewayInternal',
    get: internalGet,
    nameOf: (r) => text(r.path),
    applicationOf: () => '',
    omit: ['updatedDate'],
    saves: { create: internalCreate, update: internalUpdate, status: internalStatus, delete: internalDelete },
  },
  {
    type: 'gatewayExternal',
    get: externalGet,
    nameOf: (r) => text(r.path),
    applicationOf: () => '',
    omit: ['updatedDate'],
    saves: { create: externalCreate, update: externalUpdate, delete: externalDelete },
  },
]

export interface ControlledSave {
  object: ControlledObject
  action: ChangeAction
  route: Route
}

/** The controlled saves by endpoint id: what the gate wraps and an approval replays. */
export const CONTROLLED_SAVES: ReadonlyMap<string, ControlledSave> = new Map(
  CONTROLLED_OBJECTS.flatMap((object) => Object.entries(object.saves).map(([action, route]) => [route.endpoint.id, { object, action: action as ChangeAction, route }] as const)),
)
