import { isRunnableProcessor } from '../../../shared/rules/datahub/runtime'
import { runJavaScript } from '../engines/javaScript'
import { EngineError, type Payload } from '../engines/payload'
import { inScriptWorker, type ScriptOwner } from '../engines/scriptPool'
import type { ScriptLimits } from '../engines/scriptLimits'

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
 * A message may match several rows; the keys come back once each, in row order. Every row runs
 * in a script worker (engines/scriptTasks.ts), within the script's time limit.
 */
export async function routingKeys(rows: readonly RouteRow[], payload: Payload, limits: ScriptLimits, owner?: ScriptOwner): Promise<string[]> {
  const keys: string[] = []
  for (const row of rows) {
    for (const key of await routeRowKeys(row, payload, limits, owner)) if (!keys.includes(key)) keys.push(key)
  }
  return keys
}

/**
 * The keys one route row gives a message (none when it does not match), trimmed and once each.
 * routingKeys runs every row through it; the flow simulator runs the rows one by one, to show
 * each row's keys and its error in place.
 */
export async function routeRowKeys(row: RouteRow, payload: Payload, limits: ScriptLimits, owner?: ScriptOwner): Promise<string[]> {
  const keys: string[] = []
  const add = (key: unknown) => {
    if (typeof key === 'string' && key.trim() !== '' && !keys.includes(key.trim())) keys.push(key.trim())
  }
  if (!isRunnableProcessor(row.syntax)) throw new EngineError(`${row.syntax} route rows need a Java runtime, which this hub does not have`)
  if (row.syntax === 'JsonPath' || row.syntax === 'XPath') {
    if (payload.format !== (row.syntax === 'JsonPath' ? 'json' : 'xml')) return keys
    if (await inScriptWorker({ kind: 'match', syntax: row.syntax, expression: row.expression, payload, limits }, owner)) add(row.routingKey)
  } else {
    const value = await runJavaScript(row.expression, payload, limits, owner)
    if (value === true) add(row.routingKey)
    else if (Array.isArray(value)) value.forEach(add)
    else add(value)
  }
  return keys
}
