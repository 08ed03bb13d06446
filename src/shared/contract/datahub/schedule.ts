import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { PAGING_STOP_REASONS } from '../../rules/datahub/pagingStop'
import { localDateTimeRule } from '../../rules/dateTime'
import { pagedSchema, pageQueryShape } from '../paging'
import { TOPIC_PERMISSION } from './permissions'
import { topicCodeList } from './runtime'

/**
 * Scheduled producers (issue 14): the runs of a producer's schedule, "run now", and the preview
 * of a schedule's next fires. Paths sit beside the producer's own calls; the spec shows none.
 */

/**
 * A run's state: running (a node holds it, renewing its lease), succeeded, failed (after the
 * producer's last retry), retrying (failed, waiting for its next try), cancelled (its producer or
 * topic was disabled while it ran; the batches committed before stay).
 */
export const RUN_STATES = ['running', 'succeeded', 'failed', 'retrying', 'cancelled'] as const
export type RunState = (typeof RUN_STATES)[number]
/** Why a run exists: a fire of the schedule, the one run for fires missed while no hub ran, or "run now". */
export const RUN_TRIGGERS = ['schedule', 'catchup', 'manual'] as const

export const runSchema = z.object({
  id: z.string(),
  producerId: z.string(),
  topicCode: z.string(),
  /** ISO instant of the fire (a "run now": when it was asked). */
  plannedAt: z.string(),
  trigger: z.enum(RUN_TRIGGERS),
  state: z.enum(RUN_STATES),
  /** The hub node that runs or ran it. */
  node: z.string(),
  /** 0 for the first try, 1, 2 … for the producer's retries. */
  attempt: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** finishedAt − startedAt; null while running. */
  durationMs: z.number().int().nullable(),
  /** When a retrying run tries again. */
  nextAttemptAt: z.string().nullable(),
  rowsRead: z.number().int(),
  messagesAccepted: z.number().int(),
  /** Fetched messages the accept path refused (format, schema, pre-processing, routing). */
  messagesRefused: z.number().int(),
  error: z.string(),
  /**
   * Why a paged http run stopped asking for pages (shared/rules/datahub/pagingStop.ts); '' for a
   * run that did not page or has not reached its last page. Added by issue 32: optional for hubs
   * that do not say it.
   */
  pagingStop: z.enum(['', ...PAGING_STOP_REASONS]).default(''),
})
export type Run = z.output<typeof runSchema>

/** The schedule fields of a producer (spec §3 schedule strategy), as the editor holds them. */
export const scheduleFieldsSchema = z.object({
  requestStrategy: z.string().max(2),
  weeks: z.string().max(100).default(''),
  amHours: z.string().max(100).default(''),
  pmHours: z.string().max(100).default(''),
  minutes: z.string().max(200).default(''),
  pollingInterval: z.string().max(11).default(''),
  intervalUnit: z.string().max(2).default('1'),
  pollingStartTime: localDateTimeRule().default(''),
})

const base = { area: 'datahub', access: 'session', permission: TOPIC_PERMISSION } as const

/**
 * Starts a run of the producer now, outside its schedule. Refused when the producer has no
 * schedule job (a mode the hub does not fetch in), when it or its topic is not enabled, or while
 * a run of it is in progress.
 */
export const producerRunNow = defineEndpoint({
  ...base,
  id: 'datahub.producer.runNow',
  method: 'POST',
  path: '/producer/runNow',
  input: z.object({ id: z.string().min(1) }),
  output: runSchema,
})

/** A producer's runs, newest fire first; `state` keeps one state. */
export const producerRuns = defineEndpoint({
  ...base,
  id: 'datahub.producer.runs',
  method: 'GET',
  path: '/producer/runs',
  input: z.object({ ...pageQueryShape, id: z.string().min(1), state: z.enum(RUN_STATES).optional() }),
  output: pagedSchema(runSchema),
})

/**
 * The next five fires of a schedule as the hub would plan them (ISO instants) and the hub's time
 * zone they are planned in. A schedule that never fires is refused.
 */
export const producerSchedulePreview = defineEndpoint({
  ...base,
  id: 'datahub.producer.schedulePreview',
  method: 'POST',
  path: '/producer/schedulePreview',
  input: scheduleFieldsSchema,
  output: z.object({ timeZone: z.string(), fires: z.array(z.string()) }),
})

/** What a flow box shows of a producer's last run. */
export const lastRunSchema = runSchema.pick({ id: true, state: true, plannedAt: true, finishedAt: true, messagesAccepted: true })
export type LastRun = z.output<typeof lastRunSchema>

/** Where one producer's schedule stands. */
export const producerScheduleStateSchema = z.object({
  producerId: z.string(),
  topicCode: z.string(),
  /** Its newest run (by planned time, "run now" included); null before the first. */
  lastRun: lastRunSchema.nullable(),
  /**
   * The fire the scheduler claims next (ISO), as it plans it: from the last claimed fire, or the
   * last save for a polling schedule without a start; after a catch-up or a skipped fire, the
   * one after now. Null while the producer or its topic is disabled, or the schedule never fires.
   */
  nextFireAt: z.string().nullable(),
  /** The hub's time zone the schedule fires in. */
  timeZone: z.string(),
})
export type ProducerScheduleState = z.output<typeof producerScheduleStateSchema>

/**
 * The schedules of the scheduled producers (modes the hub fetches in) of these topics, in one
 * call: the flow page asks once per refresh for every row on screen. Topics without such a
 * producer are left out. The editor's preview of unsaved fields stays producerSchedulePreview.
 */
export const producerSchedules = defineEndpoint({
  ...base,
  id: 'datahub.producer.schedules',
  method: 'GET',
  path: '/producer/schedules',
  input: z.object({ topicCodes: topicCodeList }),
  output: z.object({ producers: z.array(producerScheduleStateSchema) }),
})
