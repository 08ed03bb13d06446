import { endpointsById, endpointsIn, type Endpoint } from '../endpoint'
import { alarmEndpoints } from './alarms'
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
import * as topic from './datahub/topic'
import * as licence from './platform/licence'
import * as session from './platform/session'
import * as startup from './platform/startup'
import * as pageAccess from './platform/pageAccess'
import * as versionBacktrack from './platform/versionBacktrack'

/**
 * Every endpoint of the contract, by id. The proxy forwards only these. The modules imported
 * whole contribute every endpoint they export; the other areas keep a map of their own.
 */
export const endpoints = endpointsById(
  endpointsIn(session),
  endpointsIn(startup),
  endpointsIn(pageAccess),
  endpointsIn(licence),
  endpointsIn(topic),
  endpointsIn(producer),
  endpointsIn(schedule),
  endpointsIn(runWithFile),
  endpointsIn(consumer),
  endpointsIn(versionBacktrack),
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
)

export const allEndpoints: readonly Endpoint[] = Object.values(endpoints)
/** Own keys only: '__proto__' or 'constructor' must not find anything. */
export const findEndpoint = (id: string): Endpoint | undefined =>
  Object.hasOwn(endpoints, id) ? (endpoints as Record<string, Endpoint>)[id] : undefined

export { consumer, producer, runWithFile, schedule, session, startup, topic, versionBacktrack }
