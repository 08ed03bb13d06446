import { isRunnableProcessor } from '../../shared/rules/datahub/runtime'
import { runJavaScript } from './engines/javaScript'
import { selectJsonPath } from './engines/jsonPath'
import { EngineError, type Payload } from './engines/payload'
import type { ScriptLimits } from './engines/scriptLimits'
import { selectXPath } from './engines/xPath'

/** One row of a topic's route table (rules/datahub/route.ts). */
export interface RouteRow {
  syntax: string
  expression: string
  routingKey: string
}

/**
 * Distribution type '2': which routing keys a message carries. Every row is tried, in order:
 * - JsonPath and XPath rows match when the expression selects something (a non-empty node or
 *   value list, a true boolean, a non-zero number, a non-empty string) and give their routingKey.
 *   A path over the other format (JsonPath on XML and XPath on JSON) never matches.
 * - JavaScript rows compute the key: a string (or a list of strings) is the key itself; `true`
 *   means the row's own routingKey; anything else means no match.
 * A message may match several rows; the keys come back once each, in row order.
 */
export async function routingKeys(rows: readonly RouteRow[], payload: Payload, limits: ScriptLimits): Promise<string[]> {
  const keys: string[] = []
  const add = (key: unknown) => {
    if (typeof key === 'string' && key.trim() !== '' && !keys.includes(key.trim())) keys.push(key.trim())
  }
  for (const row of rows) {
    if (!isRunnableProcessor(row.syntax)) throw new EngineError(`${row.syntax} route rows need a Java runtime, which this hub does not have`)
    if (row.syntax === 'JsonPath') {
      if (payload.format === 'json' && selectJsonPath(row.expression, payload).some(truthy)) add(row.routingKey)
    } else if (row.syntax === 'XPath') {
      if (payload.format === 'xml' && truthy(selectXPath(row.expression, payload))) add(row.routingKey)
    } else {
      const value = await runJavaScript(row.expression, payload, limits)
      if (value === true) add(row.routingKey)
      else if (Array.isArray(value)) value.forEach(add)
      else add(value)
    }
  }
  return keys
}

function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'string') return value !== ''
  return value !== null && value !== undefined && value !== false && value !== 0
}
