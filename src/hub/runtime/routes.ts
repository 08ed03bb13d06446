import * as runtime from '../../shared/contract/datahub/runtime'
import * as runWithFile from '../../shared/contract/datahub/runWithFile'
import * as schedule from '../../shared/contract/datahub/schedule'
import * as simulate from '../../shared/contract/datahub/simulate'
import { endpointsIn } from '../../shared/endpoint'
import type { Route } from '../http/context'
import { routesFor } from '../http/routeMaps'
import { producerRunNow, producerRuns, producerSchedulePreview } from './schedule/handlers'
import { producerSchedules } from './schedule/producerSchedules'
import { producerRunWithFile } from './schedule/runWithFile'
import { serverApiRoute } from './accept/ingress'
import { messageDeliveries, messageList } from './log/messageLog'
import { messageCounts } from './log/counts'
import { messageBulk, messageDiscard, messageReplay, messageRetry } from './log/operations'
import { ackRoute } from './deliver/pull/ack'
import { pullRoute } from './deliver/pull/pull'
import { topicSimulateRoute } from './simulate/route'

/**
 * The exchange runtime's handlers, one per endpoint of each contract module (the compiler
 * checks none is missing or extra); another module's endpoints get a list of their own here.
 */
export const runtimeRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(runtime), {
    producerServerApi: serverApiRoute,
    consumerServerApiPull: pullRoute,
    consumerServerApiAck: ackRoute,
    messageList,
    messageDeliveries,
    messageReplay,
    messageRetry,
    messageDiscard,
    messageBulk,
    messageCounts,
  }),
  ...routesFor(endpointsIn(schedule), { producerRunNow, producerRuns, producerSchedulePreview, producerSchedules }),
  ...routesFor(endpointsIn(runWithFile), { producerRunWithFile }),
  ...routesFor(endpointsIn(simulate), { topicSimulate: topicSimulateRoute }),
]
