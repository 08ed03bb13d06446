import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { TOPIC_PERMISSION } from './permissions'

/**
 * The flow simulator (issue 18): a sample message through a topic's flow, step by step, as the
 * runtime would take it — the same checks, processors (same sandbox and limits), routing and
 * request building — without storing or delivering anything and without any outbound call.
 * Every step answers its outcome in place: its output, or the error that stopped it.
 */

export const simulateInputSchema = z.object({
  topicCode: z.string({ error: 'msg_runtime_topic_code_required' }).trim().min(1, 'msg_runtime_topic_code_required').max(64, 'msg_runtime_topic_code_required'),
  /** The message as a producer would push it: JSON text or any JSON value for a json topic, the document for an xml topic. */
  sample: z.unknown().refine((v) => v !== undefined && v !== null && v !== '', 'msg_simulate_sample_required'),
  /**
   * Only this consumer's steps, shown whether routing reaches it or not (and whether it is
   * enabled): the field-mapping editor checks one consumer's mappings.
   */
  consumerId: z.string().trim().max(64).optional(),
  /** With consumerId: field mappings (JSON text) to use instead of the saved ones — the editor's unsaved table. */
  fieldMappings: z.string().max(200_000).optional(),
  /**
   * dblink consumers: also read the target table's columns (a read-only query on the consumer's
   * data source) to show each column's type and which values it cannot hold. Off: the simulator
   * touches nothing outside the hub's own store.
   */
  readTargetColumns: z.boolean().default(false),
})
export type SimulateInput = z.input<typeof simulateInputSchema>

/**
 * What a step ended as: it ran, it ran but a real message would come to nothing here (warning:
 * one of WARNING_NOTES — refused, reaching no consumer, matching nothing), it failed (error
 * set), or it did not run (an earlier step failed, or nothing to do).
 */
export const STEP_STATUSES = ['ok', 'warning', 'failed', 'skipped'] as const
/**
 * Remarks a step can carry beside its outcome (the console translates them): a JsonPath or XPath
 * that matched nothing, a disabled topic, producer or consumer (a real push would differ), a
 * mapping row whose source field no record has, a route row of the other format.
 */
export const STEP_NOTES = [
  'matchedNothing',
  'topicDisabled',
  'noProducer',
  'producerDisabled',
  'consumerDisabled',
  'notReached',
  'noProcessor',
  'otherFormat',
  'tokenMasked',
  'noSourceField',
  'typeMismatch',
  'notPreviewed',
  'noConsumerReached',
  'rewritesEachRun',
  'duplicateKey',
] as const
export type StepNote = (typeof STEP_NOTES)[number]

/**
 * Notes that mean the real push would be refused, or its message would come to nothing or be
 * changed at this step: a step with one is not shown as passed (issue 33: a stopped producer or a
 * routing key no consumer has were green).
 */
export const WARNING_NOTES: readonly StepNote[] = ['topicDisabled', 'noProducer', 'producerDisabled', 'noConsumerReached', 'matchedNothing', 'noSourceField', 'typeMismatch', 'rewritesEachRun']

const errorSchema = z.object({
  message: z.string(),
  /** The line of the JavaScript it stopped at, when it was a script error. */
  line: z.number().int().optional(),
})
export type StepError = z.output<typeof errorSchema>

const stepShape = {
  status: z.enum(STEP_STATUSES),
  error: errorSchema.nullable(),
  notes: z.array(z.enum(STEP_NOTES)),
}
const payloadSchema = z.object({ text: z.string(), format: z.enum(['json', 'xml', 'text']) })
const processorShape = { enabled: z.boolean(), type: z.string(), expression: z.string(), output: payloadSchema.nullable() }

export const routeRowResultSchema = z.object({
  syntax: z.string(),
  expression: z.string(),
  routingKey: z.string(),
  /** The keys this row gives the message; empty when it does not match. */
  keys: z.array(z.string()),
  ...stepShape,
})

export const reachedConsumerSchema = z.object({
  consumerId: z.string(),
  applicationName: z.string(),
  dataConsumeType: z.string(),
  routingKey: z.string(),
  enabled: z.boolean(),
  reached: z.boolean(),
})

export const headerSchema = z.tuple([z.string(), z.string()])

export const dbLinkCellSchema = z.object({
  column: z.string(),
  source: z.string(),
  /** The value written (objects and lists as JSON text; null: NULL). */
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  /** What the value is: text, number, boolean, null. */
  kind: z.enum(['text', 'number', 'boolean', 'null']),
  found: z.boolean(),
  /** Why the column's type cannot hold the value (only with readTargetColumns). */
  problem: z.string().nullable(),
})

export const deliveryPreviewSchema = z.object({
  ...stepShape,
  http: z.object({ method: z.string(), url: z.string(), headers: z.array(headerSchema), body: z.string().nullable() }).nullable(),
  webService: z.object({ address: z.string(), headers: z.array(headerSchema), envelope: z.string() }).nullable(),
  dbLink: z
    .object({
      dataSource: z.string(),
      table: z.string(),
      compare: z.array(z.string()),
      /** Column types of the target table (readTargetColumns), by column; empty when not read. */
      columnTypes: z.record(z.string(), z.string()),
      rows: z.array(z.array(dbLinkCellSchema)),
      /** Mapping rows (by source field) that found no field in any record. */
      unmatched: z.array(z.string()),
      /**
       * Keys (`order_id=7`) of the records whose primary key the target table already holds, read
       * with readTargetColumns for a consumer that only inserts: each will fail on a duplicate key.
       */
      duplicateKeys: z.array(z.string()),
    })
    .nullable(),
})
export type DeliveryPreview = z.output<typeof deliveryPreviewSchema>

export const consumerResultSchema = reachedConsumerSchema.extend({
  postProcess: z.object({ ...stepShape, ...processorShape }),
  delivery: deliveryPreviewSchema,
})
export type ConsumerResult = z.output<typeof consumerResultSchema>

export const simulationSchema = z.object({
  topicCode: z.string(),
  /** The flow's admission: topic and producer enabled (a real push is refused otherwise; the simulation still runs). */
  admission: z.object(stepShape),
  /** The data against the topic's format and schema. */
  check: z.object({ ...stepShape, dataFormat: z.string(), output: payloadSchema.nullable() }),
  preProcess: z.object({ ...stepShape, ...processorShape }),
  routing: z.object({
    ...stepShape,
    byKey: z.boolean(),
    rows: z.array(routeRowResultSchema),
    keys: z.array(z.string()),
    consumers: z.array(reachedConsumerSchema),
  }),
  consumers: z.array(consumerResultSchema),
})
export type Simulation = z.output<typeof simulationSchema>
export type SimulationStep = Simulation['check']

export const topicSimulate = defineEndpoint({
  area: 'datahub',
  access: 'session',
  permission: TOPIC_PERMISSION,
  id: 'datahub.topic.simulate',
  method: 'POST',
  path: '/topic/simulate',
  // A sample given as a JSON value keeps its numbers' digits, as a push does.
  exactNumbers: true,
  input: simulateInputSchema,
  output: simulationSchema,
})
