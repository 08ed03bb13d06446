import type { RUNNABLE_PROCESSOR_TYPES } from '../../../shared/rules/datahub/runtime'
import { selectJsonPath } from './jsonPath'
import { boundedText, EngineLimit, type LimitReason } from './limits'
import { isExactNumber, stringifyExact } from '../json/exact'
import { restoreDigits } from '../json/restoreDigits'
import { EngineError, payloadOf, type Payload } from './payload'
import { runInQuickJs } from './quickJs'
import type { ScriptLimits } from './scriptLimits'
import { parseXml, selectXPath, serialiseNodes } from './xPath'

export type ProcessorType = (typeof RUNNABLE_PROCESSOR_TYPES)[number]

/**
 * The work the script workers do for the hub (scriptWorker.ts serves it, scriptPool.ts sends
 * it): everything that runs an expression a form wrote on a message, or reads a whole pushed
 * document, so that none of it holds up the hub's own thread. Each answers one value.
 */
export type ScriptTask = { limits: ScriptLimits } & (
  /** A JavaScript processor or route row: the script's value. */
  | { kind: 'javaScript'; code: string; payload: Payload }
  /** A processor of a runnable type: the new payload. */
  | { kind: 'process'; type: ProcessorType; expression: string; payload: Payload }
  /** A JsonPath or XPath route row: whether it selects something. */
  | { kind: 'match'; syntax: 'JsonPath' | 'XPath'; expression: string; payload: Payload }
  /** A pushed XML document: null when it is well-formed. */
  | { kind: 'checkXml'; text: string }
  /** How many values a JsonPath or nodes an XPath selects (the flow simulator says "matched nothing"). */
  | { kind: 'count'; syntax: 'JsonPath' | 'XPath'; expression: string; payload: Payload }
)

/** The task's value, or why it could not run (an EngineError's message, its script line, and the bound it hit). */
export type ScriptAnswer = { value: unknown } | { refused: string; line?: number; limit?: LimitReason }

export async function runScriptTask(task: ScriptTask): Promise<ScriptAnswer> {
  try {
    return { value: await valueOf(task) }
  } catch (err) {
    if (err instanceof EngineLimit) return { refused: err.message, limit: err.reason }
    if (err instanceof EngineError) return err.line === undefined ? { refused: err.message } : { refused: err.message, line: err.line }
    throw err
  }
}

async function valueOf(task: ScriptTask): Promise<unknown> {
  switch (task.kind) {
    case 'javaScript':
      return runInQuickJs(task.code, task.payload, task.limits)
    case 'process':
      return process(task.type, task.expression, task.payload, task.limits)
    case 'match':
      // A JsonPath row matches when one selected value is truthy, an XPath row when its value is.
      if (task.syntax === 'JsonPath') return selectJsonPath(task.expression, task.payload).some(truthy)
      return truthy(selectXPath(task.expression, task.payload))
    case 'checkXml':
      parseXml(task.text)
      return null
    case 'count': {
      if (task.syntax === 'JsonPath') return selectJsonPath(task.expression, task.payload).length
      const value = selectXPath(task.expression, task.payload)
      return Array.isArray(value) ? value.length : truthy(value) ? 1 : 0
    }
  }
}

/**
 * JsonPath keeps what the path selects (one value as itself, several as a list), XPath keeps the
 * selected nodes (or the string, number or boolean it computes), JavaScript returns the new
 * payload. No result is longer than MAX_OUTPUT_BYTES: it is measured while it is built.
 */
async function process(type: string, expression: string, payload: Payload, limits: ScriptLimits): Promise<Payload> {
  if (type === 'JsonPath') {
    const values = selectJsonPath(expression, payload)
    if (values.length === 1) return { text: boundedText([stringifyExact(values[0])]), format: 'json' }
    return { text: `[${boundedText(jsonOfEach(values), ',')}]`, format: 'json' }
  }
  if (type === 'XPath') {
    const value = selectXPath(expression, payload)
    return Array.isArray(value) ? { text: serialiseNodes(value, true), format: 'xml' } : { text: String(value), format: 'text' }
  }
  // The script saw doubles; what it did not change gets its digits back (json/restoreDigits.ts).
  const value = await runInQuickJs(expression, payload, limits)
  const result = payloadOf(payload.format === 'json' ? restoreDigits(value, payload.text) : value, payload)
  return { ...result, text: boundedText([result.text]) }
}

/** One value's JSON at a time, so that a bounded result stops before the rest are serialised. */
function* jsonOfEach(values: unknown[]): Generator<string> {
  for (const value of values) yield stringifyExact(value)
}

function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'string') return value !== ''
  if (isExactNumber(value)) return Number(value.value) !== 0
  return value !== null && value !== undefined && value !== false && value !== 0
}
