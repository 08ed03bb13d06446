import { z } from 'zod'
import { instantFilterRule } from '../../rules/dateTime'
import { defineEndpoint, type Endpoint } from '../../endpoint'
import { DELIVERY_STATUSES, MESSAGE_STATUS_FILTERS, BULK_ACTIONS } from '../../rules/datahub/runtime'
import { pagedSchema, pageQueryShape } from '../paging'
import { messagePropertiesSchema } from './messageProperties'
import { TOPIC_PERMISSION } from './permissions'

/**
 * The exchange runtime's calls.
 *
 * Ingress (spec §3: apiRequestInfoModel.apiAddr is fixed at /producer/serverApi): an
 * application pushes one message to the topic its serverApi producer feeds. The spec shows no
 * body; ours is `{topicCode, data}`: data is the message itself (any JSON value for a json
 * topic, the document text for an xml topic). No session: when the producer's API
 * authentication is on, the caller sends the method's token in the method's header.
 * Success ('2000') means the message and one delivery per routed consumer are committed.
 */
const topicCodeField = z.string({ error: 'msg_runtime_topic_code_required' }).trim().min(1, 'msg_runtime_topic_code_required').max(64, 'msg_runtime_topic_code_required')

export const serverApiInputSchema = z.object({
  topicCode: topicCodeField,
  data: z.unknown().refine((v) => v !== undefined && v !== null, 'msg_runtime_data_required'),
})

export type ServerApiInput = z.output<typeof serverApiInputSchema>

export const serverApiOutputSchema = z.object({
  messageId: z.string(),
  /** The keys the route table gave (distributeType '2'); the topic code otherwise. */
  routingKeys: z.array(z.string()),
  /** How many consumers the message will be delivered to. */
  deliveries: z.number().int(),
})
export type ServerApiOutput = z.output<typeof serverApiOutputSchema>

export const producerServerApi = defineEndpoint({
  id: 'datahub.producer.serverApi',
  method: 'POST',
  area: 'datahub',
  path: '/producer/serverApi',
  access: 'public',
  exactNumbers: true,
  input: serverApiInputSchema,
  output: serverApiOutputSchema,
})

/**
 * Pull (spec §3: a serverApi consumer's apiAddr is fixed at /consumer/serverApi): the consuming
 * application fetches its messages instead of the hub pushing them. No session: the application
 * names itself by its system authentication (platform administration), its app code and secret
 * in these two headers. It gets the topic's messages owed to its serverApi consumer(s) on that
 * topic, oldest first, after the consumer's post-processing; each is leased to it (the runtime's
 * lease, 10 minutes by default) and offered to no other pull meanwhile. It then acknowledges
 * them (/ack): handled, or failed with a reason; a lease that runs out unacknowledged counts as
 * a failed try too, and the consumer's retry settings decide whether it is offered again.
 */
export const APP_CODE_HEADER = 'X-App-Code'
export const APP_SECRET_HEADER = 'X-App-Secret'
/** Most messages one pull hands out. */
export const PULL_MAX = 100

export const pulledMessageSchema = z.object({
  /** What the acknowledgement names. */
  deliveryId: z.string(),
  messageId: z.string(),
  topicCode: z.string(),
  /** The message text after the consumer's post-processing. */
  data: z.string(),
  contentType: z.string(),
  receivedAt: z.string(),
  /** Which try this is: 1, then 2 once a lease ran out or the application reported a failure. */
  attempt: z.number().int(),
})
export type PulledMessage = z.output<typeof pulledMessageSchema>

export const consumerServerApiPull = defineEndpoint({
  id: 'datahub.consumer.serverApi',
  method: 'POST',
  area: 'datahub',
  path: '/consumer/serverApi',
  access: 'public',
  input: z.object({
    topicCode: topicCodeField,
    max: z.number({ error: 'msg_runtime_pull_max' }).int('msg_runtime_pull_max').min(1, 'msg_runtime_pull_max').max(PULL_MAX, 'msg_runtime_pull_max').default(10),
  }),
  output: z.array(pulledMessageSchema),
})

const ackId = z.string().trim().min(1, 'msg_runtime_ack_ids').max(64, 'msg_runtime_ack_ids')

/**
 * Acknowledgement of pulled messages: deliveryIds were handled; failed ones were not (the reason
 * goes to the delivery log). An id named in both lists counts as handled.
 */
export const consumerServerApiAck = defineEndpoint({
  id: 'datahub.consumer.serverApi.ack',
  method: 'POST',
  area: 'datahub',
  path: '/consumer/serverApi/ack',
  access: 'public',
  input: z
    .object({
      deliveryIds: z.array(ackId).max(PULL_MAX, 'msg_runtime_ack_ids').default([]),
      failed: z
        .array(z.object({ deliveryId: ackId, reason: z.string().trim().max(1000, 'msg_runtime_ack_reason_too_long').default('') }))
        .max(PULL_MAX, 'msg_runtime_ack_ids')
        .default([]),
    })
    .refine((v) => v.deliveryIds.length + v.failed.length > 0, { message: 'msg_runtime_ack_ids', path: ['deliveryIds'] }),
  output: z.object({
    acknowledged: z.number().int(),
    failed: z.number().int(),
    /** Ids this application does not hold (unknown, another application's, already acknowledged, or taken back after the lease). */
    notHeld: z.array(z.string()),
  }),
})

/** How many deliveries of a message are in each state. */
export const deliveryCountsSchema = z.object(Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof DELIVERY_STATUSES)[number], z.ZodNumber>)

/** One message of the log. The payload itself is read with /message/deliveries. */
export const messageSummarySchema = z.object({
  id: z.string(),
  topicCode: z.string(),
  producerId: z.string(),
  contentType: z.string(),
  routingKey: z.string(),
  receivedAt: z.string(),
  /** The scheduled run that fetched it (its id, as in /producer/runs); null for a pushed message. */
  runId: z.string().nullable().default(null),
  /** False once the payload was purged (the topic's logDataStoreDay). */
  payloadKept: z.boolean(),
  counts: deliveryCountsSchema,
})
export type MessageSummary = z.output<typeof messageSummarySchema>

export const deliveryEntrySchema = z.object({
  id: z.string(),
  consumerId: z.string(),
  /** The consumer's application name and consume type; empty when the consumer was deleted. */
  applicationName: z.string(),
  dataConsumeType: z.string(),
  routingKey: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
})
export type DeliveryEntry = z.output<typeof deliveryEntrySchema>

/**
 * The message log belongs to its own menu page (seeded 'datahub:messageLog'); the live counts
 * are drawn on the topic flows, so they go with the topic page's code.
 */
export const MESSAGE_LOG_PERMISSION = 'datahub:messageLog'
const base = { area: 'datahub', access: 'session', permission: MESSAGE_LOG_PERMISSION } as const
/** An instant in the spec's or ISO's form, compared as the stored UTC instant (rules/dateTime.ts). */
const isoTime = instantFilterRule()

/**
 * What the message log is searched by. status also takes 'retrying' (a delivery waiting for its
 * next try after a failed one); with consumerId it speaks of that consumer's delivery. content is
 * searched in the payload as typed: % and _ are literal characters, letters match either case
 * (ASCII letters on SQLite); a message whose payload was purged (logDataStoreDay) no longer matches.
 */
export const messageFilterShape = {
  topicCode: z.string().trim().max(64).optional(),
  status: z.enum(MESSAGE_STATUS_FILTERS).optional(),
  consumerId: z.string().trim().max(64).optional(),
  /** The messages of one scheduled run (/producer/runs). */
  runId: z.string().trim().max(64).optional(),
  content: z.string().trim().max(200, 'msg_runtime_content_too_long').optional(),
  /** ISO 8601 bounds of receivedAt, inclusive. */
  receivedFrom: isoTime,
  receivedTo: isoTime,
}
export const messageFilterSchema = z.object(messageFilterShape)
export type MessageFilter = z.output<typeof messageFilterSchema>

/** The message log, newest first, by topic, delivery state, consumer, content and time of receipt. */
export const messageList = defineEndpoint({
  ...base,
  id: 'datahub.message.list',
  method: 'GET',
  path: '/message/list',
  input: z.object({ ...pageQueryShape, ...messageFilterShape }),
  output: pagedSchema(messageSummarySchema),
})

/**
 * One message with its payload (null once purged), what it brought besides (an mq producer's
 * AMQP properties, messageProperties.ts; null for a pushed or fetched one) and its delivery to
 * every consumer.
 */
export const messageDeliveries = defineEndpoint({
  ...base,
  id: 'datahub.message.deliveries',
  method: 'GET',
  path: '/message/deliveries',
  input: z.object({ id: z.string().min(1) }),
  output: z.object({
    message: messageSummarySchema.extend({ payload: z.string().nullable(), properties: messagePropertiesSchema.nullable().default(null) }),
    deliveries: z.array(deliveryEntrySchema),
  }),
})

/** Delivers a message again to one consumer of its topic (also one added after the message came). */
export const messageReplay = defineEndpoint({
  ...base,
  id: 'datahub.message.replay',
  method: 'POST',
  path: '/message/replay',
  input: z.object({ messageId: z.string().min(1), consumerId: z.string().min(1) }),
  output: deliveryEntrySchema,
})

const deliveryIds = z.object({ ids: z.array(z.string().min(1)).min(1, 'msg_runtime_select_deliveries').max(1000, 'msg_runtime_select_deliveries') })
/** How many of the deliveries named were changed (the others were not in a state that allows it). */
const changedCount = z.object({ count: z.number().int() })

/** Dead or discarded deliveries get a fresh set of tries, now. */
export const messageRetry = defineEndpoint({ ...base, id: 'datahub.message.retry', method: 'POST', path: '/message/retry', input: deliveryIds, output: changedCount })

/** Pending or dead deliveries are given up by hand (state failed); one in flight is left alone. */
export const messageDiscard = defineEndpoint({ ...base, id: 'datahub.message.discard', method: 'POST', path: '/message/discard', input: deliveryIds, output: changedCount })

/**
 * Retry or discard every delivery a filter matches (the console's "all matching"). With dryRun
 * the hub only answers how many deliveries the action would change, so the console can show
 * the count before the operator confirms; the same conditions then apply the action.
 */
export const messageBulk = defineEndpoint({
  ...base,
  id: 'datahub.message.bulk',
  method: 'POST',
  path: '/message/bulk',
  input: z.object({ action: z.enum(BULK_ACTIONS), dryRun: z.boolean().default(false), filter: messageFilterSchema }),
  output: changedCount,
})

/** Live counts of one topic or one consumer: received, and deliveries by what became of them. */
export const liveCountsSchema = z.object({
  received: z.number().int(),
  delivered: z.number().int(),
  /** dead (given up by the hub) and failed (discarded by an operator) */
  failed: z.number().int(),
  /** waiting for another try after a failed one */
  retrying: z.number().int(),
  /** not tried yet, or being delivered now */
  waiting: z.number().int(),
})
export type LiveCounts = z.output<typeof liveCountsSchema>

/** Topic codes as one comma-separated query value (the query string carries text), 200 at most. */
export const topicCodeList = z
  .string()
  .max(20_000)
  .transform((v) => [...new Set(v.split(',').map((c) => c.trim()).filter((c) => c !== ''))])
  .refine((codes) => codes.length <= 200, 'msg_runtime_too_many_topics')

/**
 * Counts for the flow diagram (spec: boxes show received / delivered / failed / in retry) over
 * the messages the log still keeps (logStoreDay), optionally only those received since a time.
 * Per topic, and per consumer of those topics (received: deliveries owed to it).
 */
export const messageCounts = defineEndpoint({
  area: 'datahub',
  access: 'session',
  permission: TOPIC_PERMISSION,
  id: 'datahub.message.counts',
  method: 'GET',
  path: '/message/counts',
  input: z.object({ topicCodes: topicCodeList, receivedFrom: isoTime }),
  output: z.object({
    topics: z.array(liveCountsSchema.extend({ topicCode: z.string() })),
    consumers: z.array(liveCountsSchema.extend({ topicCode: z.string(), consumerId: z.string() })),
  }),
})

export const runtimeEndpoints = {
  [producerServerApi.id]: producerServerApi,
  [consumerServerApiPull.id]: consumerServerApiPull,
  [consumerServerApiAck.id]: consumerServerApiAck,
  [messageList.id]: messageList,
  [messageDeliveries.id]: messageDeliveries,
  [messageReplay.id]: messageReplay,
  [messageRetry.id]: messageRetry,
  [messageDiscard.id]: messageDiscard,
  [messageBulk.id]: messageBulk,
  [messageCounts.id]: messageCounts,
} satisfies Record<string, Endpoint>
