import type { Route } from '../http/context'
import { serverApiRoute } from './ingress'
import { messageDeliveries, messageList } from './messageLog'
import { messageCounts } from './counts'
import { messageBulk, messageDiscard, messageReplay, messageRetry } from './operations'

/** The exchange runtime's endpoints (contract: shared/contract/datahub/runtime.ts). */
export const runtimeRoutes: readonly Route[] = [serverApiRoute, messageList, messageDeliveries, messageReplay, messageRetry, messageDiscard, messageBulk, messageCounts]
