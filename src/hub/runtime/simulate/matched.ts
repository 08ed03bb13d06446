import type { Payload } from '../engines/payload'
import { inScriptWorker, type ScriptOwner } from '../engines/scriptPool'
import type { ScriptLimits } from '../engines/scriptLimits'

/**
 * Whether a JsonPath or XPath selects nothing in `payload` — what an operator needs to hear when
 * a processor answers an empty list or a route row gives no key. Counted in a script worker, with
 * the script's limits, like the expression itself ran. Other syntaxes, and a path over the other
 * format, are not asked (undefined).
 */
export async function matchesNothing(syntax: string, expression: string, payload: Payload, limits: ScriptLimits, owner: ScriptOwner): Promise<boolean | undefined> {
  if (syntax !== 'JsonPath' && syntax !== 'XPath') return undefined
  if (payload.format !== (syntax === 'JsonPath' ? 'json' : 'xml')) return undefined
  try {
    return (await inScriptWorker({ kind: 'count', syntax, expression, payload, limits }, owner)) === 0
  } catch {
    // The expression itself failed: the step that ran it says so.
    return undefined
  }
}
