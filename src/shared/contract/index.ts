import { endpointsById, endpointsIn, type Endpoint } from '../endpoint'
import { alarmEndpoints } from './alarms'
import { dashboardEndpoints } from './dashboards'
import { opsEndpoints } from './ops'
import { approvalEndpoints } from './approvals'
import * as consumer from './datahub/consumer'
import { dataSourceEndpoints } from './datahub/dataSources'
import { mappingFileEndpoints } from './datahub/mappingFiles'
import { runtimeEndpoints } from './datahub/runtime'
import { wsdlEndpoints } from './datahub/wsdl'
import { adminEndpoints } from './platform/admin'
import { appEndpoints } from './platform/apps'
import { configEndpoints } from './platform/config'
import { messagingEndpoints } from './platform/messaging'
import { userCentreEndpoints } from './platform/userCentre'
import * as producer from './datahub/producer'
import * as schedule from './datahub/schedule'
import * as runWithFile from './datahub/runWithFile'
import * as simulate from './datahub/simulate'
import * as topic from './datahub/topic'
import * as licence from './platform/licence'
import * as logs from './platform/logs'
import * as session from './platform/session'
import * as sso from './platform/sso'
import { identityProviderEndpoints } from './platform/identityProviders'
import * as startup from './platform/startup'
import * as pageAccess from './platform/pageAccess'
import * as versionBacktrack from './platform/versionBacktrack'
import * as promotion from './promotion/endpoints'

/**
 * Every endpoint of the contract, by id. The proxy forwards only these. The modules imported
 * whole contribute every endpoint they export; the other areas keep a map of their own.
 */
export const endpoints = endpointsById(
  endpointsIn(session),
  endpointsIn(sso),
  identityProviderEndpoints,
  endpointsIn(startup),
  endpointsIn(pageAccess),
  endpointsIn(licence),
  endpointsIn(topic),
  endpointsIn(producer),
  endpointsIn(schedule),
  endpointsIn(runWithFile),
  endpointsIn(simulate),
  endpointsIn(consumer),
  endpointsIn(versionBacktrack),
  endpointsIn(promotion),
  endpointsIn(logs),
  dataSourceEndpoints,
  wsdlEndpoints,
  mappingFileEndpoints,
  runtimeEndpoints,
  adminEndpoints,
  configEndpoints,
  appEndpoints,
  messagingEndpoints,
  userCentreEndpoints,
  alarmEndpoints,
  dashboardEndpoints,
  opsEndpoints,
  approvalEndpoints,
)

export const allEndpoints: readonly Endpoint[] = Object.values(endpoints)
/** Own keys only: '__proto__' or 'constructor' must not find anything. */
export const findEndpoint = (id: string): Endpoint | undefined =>
  Object.hasOwn(endpoints, id) ? (endpoints as Record<string, Endpoint>)[id] : undefined

export { consumer, producer, promotion, runWithFile, schedule, session, sso, startup, topic, versionBacktrack }
