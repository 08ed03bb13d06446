import * as runWithFile from '../../shared/contract/datahub/runWithFile'
import * as schedule from '../../shared/contract/datahub/schedule'
import { endpointsIn } from '../../shared/endpoint'
import type { Route } from '../http/context'
import { routesFor } from '../http/routeMaps'
import { producerRunNow, producerRuns, producerSchedulePreview } from './schedule/handlers'
import { producerRunWithFile } from './schedule/runWithFile'
import { serverApiRoute } from './accept/ingress'
import { messageDeliveries, messageList } from './log/messageLog'
import { messageCounts } from './log/counts'
import { messageBulk, messageDiscard, messageReplay, messageRetry } from './log/operations'
import { ackRoute } from './deliver/pull/ack'
import { pullRoute } from './deliver/pull/pull'

/** The exchange runtime's endpoints (contract: shared/contract/datahub/runtime.ts). */
export const runtimeRoutes: readonly Route[] = [
  serverApiRoute,
  pullRoute,
  ackRoute,
  messageList,
  messageDeliveries,
  messageReplay,
  messageRetry,
  messageDiscard,
  messageBulk,
  messageCounts,
  ...routesFor(endpointsIn(schedule), { producerRunNow, producerRuns, producerSchedulePreview }),
  ...routesFor(endpointsIn(runWithFile), { producerRunWithFile }),
]
