import type { MessageStatusFilter } from '../../../../shared/rules/datahub/runtime'
import { MESSAGE_LOG_PATH } from '../../datahub/flow/boxes/LiveCountsLine'

/** What a number on the home page stands for, as the message log's link filters it (messageQuery.ts queryFromLink). */
export interface LogLink {
  topicCode?: string
  consumerId?: string
  status?: MessageStatusFilter
  /** The window, ms: messages received in it. */
  from?: number
  to?: number
}

/** The message log filtered to a number: its topic, consumer, state and window. */
export function messageLogHref(link: LogLink): string {
  const p = new URLSearchParams()
  if (link.topicCode) p.set('topicCode', link.topicCode)
  if (link.consumerId) p.set('consumerId', link.consumerId)
  if (link.status) p.set('status', link.status)
  if (link.from !== undefined) p.set('receivedFrom', new Date(link.from).toISOString())
  if (link.to !== undefined) p.set('receivedTo', new Date(link.to - 1).toISOString())
  const search = p.toString()
  return search ? `${MESSAGE_LOG_PATH}?${search}` : MESSAGE_LOG_PATH
}

/** A scheduled run's messages (the log's run filter, as the run history links them). */
export const runLogHref = (runId: string): string => `${MESSAGE_LOG_PATH}?${new URLSearchParams({ runId })}`

/**
 * The log's state for a chart's count: delivered and failed (dead) are the deliveries' states;
 * retrying those waiting after a failed try; received any message.
 */
export const STATUS_OF_METRIC: Record<'received' | 'delivered' | 'failed' | 'retrying', MessageStatusFilter | undefined> = {
  received: undefined,
  delivered: 'delivered',
  failed: 'dead',
  retrying: 'retrying',
}
