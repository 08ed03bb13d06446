/**
 * The exchange runtime's states and limits, shared by the hub (which moves data) and the
 * console (which shows the message log).
 */

/**
 * A delivery of one message to one consumer:
 * pending (due at next_attempt_at) → delivering (a worker holds it) → delivered; a failed try
 * goes back to pending while retries remain, else dead (kept with its reason, never dropped).
 * failed is set by an operator's discard: given up by hand, where dead is given up by the hub.
 */
export const DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed', 'dead'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]
/** States nothing will change any more without an operator (retry / replay). */
export const FINAL_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['delivered', 'failed', 'dead']

/**
 * What the message log filters by: a delivery state, or 'retrying' — pending after at least one
 * failed try (the flow diagram's "in retry").
 */
export const MESSAGE_STATUS_FILTERS = [...DELIVERY_STATUSES, 'retrying'] as const
export type MessageStatusFilter = (typeof MESSAGE_STATUS_FILTERS)[number]

/** What an operator does with many deliveries at once. */
export const BULK_ACTIONS = ['retry', 'discard'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]
/** The states each action changes; the others are left alone (retry also needs the payload kept). */
export const BULK_ACTION_FROM: Record<BulkAction, readonly DeliveryStatus[]> = { retry: ['dead', 'failed'], discard: ['pending', 'dead'] }

/**
 * A text searched for literally with SQL LIKE: the wildcards % and _ and the escape character
 * itself are escaped with a backslash (the query says ESCAPE '\\').
 */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Processor syntaxes the hub can run; Bean and Java need a JVM the hub does not have. */
export const RUNNABLE_PROCESSOR_TYPES = ['JsonPath', 'XPath', 'JavaScript'] as const
export const isRunnableProcessor = (type: string): boolean => (RUNNABLE_PROCESSOR_TYPES as readonly string[]).includes(type)
