import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'

/**
 * The home page's data (issue 16; the spec gives the home card's fields — name, appName,
 * applicationName, status, exceptionNo — and nothing else of the page): a card per topic flow,
 * the exchange's counts per bucket over the last hour, day and week, the consumers failing most
 * and those with the oldest backlog, today's scheduled runs and the open alarms. The counts come
 * from the hub's per-minute rollups, not from the message log.
 */

/** The seeded home menu's code (hub store seed): a role that shows home may read its data. */
export const HOME_PERMISSION = 'home'

/** The ranges the charts offer, with their bucket size in minutes (whole hours are read from the hourly rollups). */
export const HOME_RANGES = { hour: { minutes: 60, bucket: 1 }, day: { minutes: 1440, bucket: 60 }, week: { minutes: 10_080, bucket: 60 } } as const
export type HomeRange = keyof typeof HOME_RANGES
/** How many topics get a card at most (those with the most exceptions first). */
export const HOME_CARDS_MAX = 200
/** How many consumers each of the two consumer lists shows. */
export const HOME_CONSUMERS_MAX = 5

const counts = { received: z.number().int(), delivered: z.number().int(), failed: z.number().int(), retrying: z.number().int() }

/** One bucket of a series: its start (ISO instant) and the four counts in it. */
export const homeBucketSchema = z.object({ at: z.string(), ...counts })
export type HomeBucket = z.output<typeof homeBucketSchema>

/** The spec's card data, with what the card links by. exceptionNo: deliveries given up in the last 24 h. */
export const homeCardSchema = z.object({
  topicCode: z.string(),
  name: z.string(),
  /** The producer's application. */
  appName: z.string(),
  /** The consumers' applications, joined. */
  applicationName: z.string(),
  status: z.string(),
  exceptionNo: z.number().int(),
  /** Messages received in the last 24 h. */
  received: z.number().int(),
})
export type HomeCard = z.output<typeof homeCardSchema>

export const homeConsumerSchema = z.object({
  consumerId: z.string(),
  topicCode: z.string(),
  applicationName: z.string(),
  /** Given up in the last 24 h (failures list). */
  failed: z.number().int(),
  /** Deliveries not ended yet, and the oldest one's creation (backlog list); null when none. */
  waiting: z.number().int(),
  oldestAt: z.string().nullable(),
})
export type HomeConsumer = z.output<typeof homeConsumerSchema>

export const homeRunSchema = z.object({
  id: z.string(),
  topicCode: z.string(),
  producerName: z.string(),
  plannedAt: z.string(),
  state: z.string(),
  messagesAccepted: z.number().int(),
  messagesRefused: z.number().int(),
  error: z.string(),
})
export type HomeRun = z.output<typeof homeRunSchema>

export const homeAlarmSchema = z.object({
  id: z.string(),
  rule: z.string(),
  objectName: z.string(),
  topicCode: z.string(),
  lastSeenAt: z.string(),
  count: z.number().int(),
})
export type HomeAlarm = z.output<typeof homeAlarmSchema>

export const homeDataSchema = z.object({
  /** When the hub answered: the series end here. */
  at: z.string(),
  cards: z.array(homeCardSchema),
  series: z.object({ hour: z.array(homeBucketSchema), day: z.array(homeBucketSchema), week: z.array(homeBucketSchema) }),
  /** Totals over the last 24 h. */
  totals: z.object(counts),
  mostFailing: z.array(homeConsumerSchema),
  oldestBacklog: z.array(homeConsumerSchema),
  runs: z.object({ list: z.array(homeRunSchema), byState: z.record(z.string(), z.number().int()) }),
  alarms: z.object({ open: z.number().int(), list: z.array(homeAlarmSchema) }),
})
export type HomeData = z.output<typeof homeDataSchema>

/** GET the home page's data. `dayStart`: the start of the operator's today (ISO instant), for today's runs. */
export const homeData = defineEndpoint({
  area: 'platform',
  access: 'session',
  permission: HOME_PERMISSION,
  id: 'platform.home.data',
  method: 'GET',
  path: '/home/data',
  input: z.object({ dayStart: z.string().trim().max(40).optional() }),
  output: homeDataSchema,
})
