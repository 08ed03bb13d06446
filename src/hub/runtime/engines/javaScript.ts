import type { Payload } from './payload'
import { inScriptWorker, type ScriptOwner } from './scriptPool'
import { DEFAULT_SCRIPT_LIMITS, type ScriptLimits } from './scriptLimits'

/**
 * Runs a JavaScript processor or route row in QuickJS (quickJs.ts), in a script worker. The
 * code sees `data` (the parsed JSON payload, or the text of any other payload) and `text` (the
 * payload as received). Code with a `return` statement is a function body; other code is
 * evaluated and its last expression is the result. The result must be JSON-like.
 */
export function runJavaScript(code: string, payload: Payload, limits: ScriptLimits = DEFAULT_SCRIPT_LIMITS, owner?: ScriptOwner): Promise<unknown> {
  return inScriptWorker({ kind: 'javaScript', code, payload, limits }, owner)
}
