import { timingSafeEqual, createHash } from 'node:crypto'
import { z } from 'zod'
import type { Consumer } from '../../../shared/contract/datahub/consumer'
import type { Producer } from '../../../shared/contract/datahub/producer'
import type { Topic } from '../../../shared/contract/datahub/topic'
import { producerServerApi, type ServerApiInput, type ServerApiOutput } from '../../../shared/contract/datahub/runtime'
import { AUTHEN_STATIC } from '../../../shared/rules/datahub/dataSourceAuthentication'
import { decryptSecret, secretKey } from '../../kernel/secrets'
import type { AuthenticationRow } from '../../datahub/dataSources/records'
import { producerNotFound } from '../../datahub/refusals'
import { route, type CallContext } from '../../http/context'
import { EngineLimit, MAX_NESTING_DEPTH, MAX_WAITING_PER_TOPIC } from '../engines/limits'
import { jsonDeeperThan, xmlDeeperThan } from '../engines/nesting'
import { EngineError, type Payload } from '../engines/payload'
import { holdsExact, parseExact, stringifyExact, withDoubles } from '../json/exact'
import { inScriptWorker, type ScriptOwner } from '../engines/scriptPool'
import type { ScriptLimits } from '../engines/scriptLimits'
import { recordMessage } from '../queue/messages'
import { applyProcessor } from '../engines/processors'
import * as refuse from '../refusals'
import { flowOf } from './flowCache'
import { routingKeys } from './routing'
import { Refusal } from '../../kernel/refusal'
import { runtimeSettings, type RuntimeSettings } from '../settings'

/** Spec §9: distribution type '2' routes by key; '1' (default) delivers to every consumer. */
const ROUTE_BY_KEY = '2'

/** The producer modes an application pushes through: the JSON API and its SOAP twin. */
export type IngressMode = 'serverApi' | 'serverApiWS'

/**
 * One pushed message, whichever way it came: checks, in order, that the topic and its producer
 * (of `mode`) are enabled, the caller's API authentication, the data against the topic's format
 * and schema; then pre-processes, routes, and commits the message with its deliveries. Returns
 * only once they are stored; every refusal is thrown as a Refusal.
 */
export async function acceptMessage(input: ServerApiInput, mode: IngressMode, call: CallContext): Promise<ServerApiOutput> {
  // The topic, producer, consumers and authentication method, kept between pushes (flowCache.ts).
  const flow = await flowOf(call.hub.store, input.topicCode)
  if (!flow) throw refuse.topicUnknown({ topicCode: input.topicCode })
  const topic = flow.topic
  if (topic.status !== '1') throw refuse.topicDisabled({ topicCode: topic.code })
  const producer = flow.producer
  if (!producer) throw producerNotFound()
  if (producer.productionMode !== mode) throw refuse.producerNotServerApi({ topicCode: topic.code, mode })
  if (producer.status === '0') throw refuse.producerDisabled({ topicCode: topic.code })
  checkAuthentication(producer, flow.authentication, call)

  let prepared: PreparedMessage
  try {
    prepared = await prepareMessage({ topic, producer, consumers: flow.consumers }, input.data, runtimeSettings(call.hub.config))
  } catch (err) {
    // Refused: announced (the alarms count a refusal for its format or schema in memory, alarms/watch/refusals.ts).
    if (err instanceof Refusal) void call.hub.events.emit('pushRefused', { store: call.hub.store, producerId: producer.id, refusal: err }).catch(() => {})
    throw err
  }
  const messageId = await recordMessage(call.hub.store, { topic, producerId: producer.id, ...prepared })
  return { messageId, routingKeys: prepared.routingKeys, deliveries: prepared.consumerIds.length }
}

/** What a message goes through once its topic and producer are known (pushed or fetched alike). */
export interface AcceptTarget {
  topic: Topic
  producer: Producer
  /** The topic's consumers; the enabled ones are delivered to. */
  consumers: readonly Consumer[]
}

/** A message ready to store: its payload after pre-processing, its routing keys and consumers. */
export interface PreparedMessage {
  payload: Payload
  routingKeys: string[]
  consumerIds: string[]
}

/**
 * The shared middle of the accept path: the data against the topic's format and schema, the
 * producer's pre-processing, then routing (distribution type 2: the route rows' keys; else every
 * enabled consumer). A push (acceptMessage) and a scheduled run's batch (schedule/runBatch.ts) both
 * come through here, so a fetched message is checked exactly as a pushed one. Throws a Refusal.
 */
export async function prepareMessage(target: AcceptTarget, data: unknown, settings: RuntimeSettings): Promise<PreparedMessage> {
  const { topic, producer } = target
  const owner = pushOwner(topic)
  const payload = await preProcess(topic, producer, await readData(topic, data, settings.script, owner), settings, owner)
  const { keys, consumerIds } = await routeMessage(topic, target.consumers, payload, settings, owner)
  return { payload, routingKeys: keys, consumerIds }
}

/** The topic's fair share of the script workers; a push waits behind few of its own. */
export const pushOwner = (topic: Topic): ScriptOwner => ({ topicCode: topic.code, waitLimit: MAX_WAITING_PER_TOPIC })

/**
 * The producer's pre-processing of the data read (readData), as a Refusal when it cannot run.
 * The stages of prepareMessage are exported one by one so the flow simulator
 * (runtime/simulate/) runs exactly these, stage by stage, and shows each one's outcome.
 */
export async function preProcess(topic: Topic, producer: Producer, payload: Payload, settings: RuntimeSettings, owner: ScriptOwner): Promise<Payload> {
  try {
    return await applyProcessor(
      { enabled: producer.preProcessorEnabled, type: producer.preProcessorType, expression: producer.preProcessorExpression },
      payload,
      settings.script,
      owner,
    )
  } catch (err) {
    if (err instanceof EngineLimit) throw refuse.engineLimit(err.reason, topic.code)
    // The engine's error stays its cause: the simulator shows the script line it names.
    if (err instanceof EngineError) throw Object.assign(refuse.preprocessFailed({ reason: err.message }), { cause: err })
    throw err
  }
}

/** A refusal of the route table, as prepareMessage answers it (the simulator shows it on its row). */
export function routeRefusal(topic: Topic, err: unknown): unknown {
  if (err instanceof EngineLimit) return refuse.engineLimit(err.reason, topic.code)
  if (err instanceof EngineError) return Object.assign(refuse.routeFailed({ reason: err.message }), { cause: err })
  return err
}

/** Whether the topic routes by key (distribution type 2) rather than to every consumer. */
export const routesByKey = (topic: Topic): boolean => topic.distributeType === ROUTE_BY_KEY

/** The enabled consumers a message with these keys goes to (every enabled one unless the topic routes by key). */
export function routedConsumers(topic: Topic, consumers: readonly Consumer[], keys: readonly string[]): Consumer[] {
  const enabled = consumers.filter((c) => c.status === '1')
  return routesByKey(topic) ? enabled.filter((c) => keys.includes(c.routingKey)) : enabled
}

/** Routing (distribution type 2: the route rows' keys; else the topic code) and the consumers reached. */
export async function routeMessage(
  topic: Topic,
  consumers: readonly Consumer[],
  payload: Payload,
  settings: RuntimeSettings,
  owner: ScriptOwner,
): Promise<{ keys: string[]; consumerIds: string[] }> {
  let keys = [topic.code]
  if (routesByKey(topic)) {
    try {
      keys = await routingKeys(topic.routeTableData, payload, settings.script, owner)
    } catch (err) {
      throw routeRefusal(topic, err)
    }
  }
  return { keys, consumerIds: routedConsumers(topic, consumers, keys).map((c) => c.id) }
}

/** POST /producer/serverApi: the JSON way in. */
export const serverApiRoute = route(producerServerApi, (input, call) => acceptMessage(input, 'serverApi', call))

/**
 * The data as the topic expects it: a json topic takes any JSON value (a string is read as
 * JSON text), an xml topic the document's text; a topic without a format keeps text as text.
 * The topic's schema (JSON Schema text; '{}' or empty means none) checks JSON data. Data nested
 * deeper than MAX_NESTING_DEPTH is refused before anything walks it; an XML document is read
 * in a script worker (a large one takes seconds).
 */
export async function readData(topic: Topic, data: unknown, limits: ScriptLimits, owner: ScriptOwner): Promise<Payload> {
  const format = topic.dataFormat.trim().toLowerCase()
  if (format === 'xml') {
    if (typeof data !== 'string') throw refuse.dataNotXml({ reason: 'data must be the XML text' })
    if (xmlDeeperThan(data, MAX_NESTING_DEPTH)) throw refuse.dataTooDeep({ limit: MAX_NESTING_DEPTH })
    try {
      // Reading the document is no processor of the operator's: it waits its turn but is never
      // refused as busy, or a burst of plain XML pushes would be turned away.
      await inScriptWorker({ kind: 'checkXml', text: data, limits }, { topicCode: owner.topicCode })
    } catch (err) {
      if (err instanceof EngineLimit) throw refuse.engineLimit(err.reason, topic.code)
      throw refuse.dataNotXml({ reason: err instanceof Error ? err.message : String(err) })
    }
    return { text: data, format: 'xml' }
  }
  let value = data
  if (typeof data === 'string') {
    if (format !== 'json') return { text: data, format: 'text' }
    try {
      value = parseExact(data)
    } catch {
      throw refuse.dataNotJson()
    }
  }
  if (jsonDeeperThan(value, MAX_NESTING_DEPTH)) throw refuse.dataTooDeep({ limit: MAX_NESTING_DEPTH })
  checkSchema(topic, value)
  // Numbers as the producer wrote them (json/exact.ts): a 64-bit id or a long amount is stored digit for digit.
  return { text: stringifyExact(value), format: 'json' }
}

function checkSchema(topic: Topic, value: unknown): void {
  const text = topic.topicSchema.trim()
  if (text === '' || text === '{}') return
  let schema: z.ZodType
  const exact = holdsExact(value)
  try {
    const json: unknown = JSON.parse(text)
    schema = z.fromJSONSchema((exact ? wholeNumbersUnbounded(json) : json) as never)
  } catch {
    throw refuse.topicSchemaUnreadable({ topicCode: topic.code })
  }
  // The schema judges numbers by their value: a kept number is checked as its double.
  const result = schema.safeParse(exact ? withDoubles(value) : value)
  if (result.success) return
  const issue = result.error.issues[0]!
  const at = issue.path.length > 0 ? issue.path.join('.') : '(root)'
  throw refuse.dataSchemaMismatch({ path: at, reason: issue.message })
}

/**
 * JSON Schema's `integer` is any whole number, but zod's reading of it stops at 2^53: a data
 * that holds a 64-bit id checks `integer` as a number with no fraction instead (`multipleOf: 1`,
 * which holds for every double past 2^53). Only for such data, so other data keeps zod's words.
 */
function wholeNumbersUnbounded(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(wholeNumbersUnbounded)
  if (schema === null || typeof schema !== 'object') return schema
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(schema)) out[key] = key === 'const' || key === 'enum' || key === 'default' || key === 'examples' ? inner : wholeNumbersUnbounded(inner)
  const type = out.type
  const integer = type === 'integer' || (Array.isArray(type) && type.includes('integer'))
  if (integer && out.multipleOf === undefined) {
    out.type = Array.isArray(type) ? [...new Set(type.map((t) => (t === 'integer' ? 'number' : t)))] : 'number'
    out.multipleOf = 1
  }
  return out
}

/**
 * Spec §2 "API authentication": when display is '1' the caller must pass the selected method
 * (`method`, as the flow read it: the producer's application's method of that name).
 * A static-token method ('1') is checked here: its header must carry the token. A parsed-token
 * method ('2') gets its token from another system's API; the hub has no way to check such a
 * token on the way in, so it refuses rather than letting everyone through.
 */
function checkAuthentication(producer: Producer, method: AuthenticationRow | undefined, call: CallContext): void {
  const auth = producer.apiRequestInfoModel?.authorization
  if (auth?.display !== '1') return
  if (!method || method.status !== '1') throw refuse.authUnavailable({ name: auth.selectedAuth ?? '' })
  if (method.authen_type !== AUTHEN_STATIC) throw refuse.authUnsupported({ name: method.authen_name })
  const expected = decryptSecret(secretKey(call.hub.config.dataDir), method.token_secret)
  const header = call.headers?.[(method.token_key || 'Authorization').toLowerCase()]
  const given = Array.isArray(header) ? header[0] : header
  if (!expected || !given || !sameSecret(stripBearer(given), stripBearer(expected))) throw refuse.authFailed()
}

const stripBearer = (v: string) => v.replace(/^Bearer\s+/i, '').trim()
/** Compared as hashes: equal length for timingSafeEqual, and no early exit on the first difference. */
const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest())
