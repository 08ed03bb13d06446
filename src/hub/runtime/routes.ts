import type { Route } from '../http/context'
import { serverApiRoute } from './ingress'
import { messageDeliveries, messageList } from './messageLog'
import { messageCounts } from './counts'
import { messageBulk, messageDiscard, messageReplay, messageRetry } from './operations'
import { ackRoute } from './pull/ack'
import { pullRoute } from './pull/pull'

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
]
