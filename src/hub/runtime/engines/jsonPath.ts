import { JSONPath } from 'jsonpath-plus'
import { EngineError, jsonOf, type Payload } from './payload'

/**
 * JsonPath over a JSON payload, with jsonpath-plus's script evaluation switched off: a path
 * from a form must never run code in the hub (CVE-2024-21534 was exactly that). Filter
 * expressions `[?(…)]` therefore do not work; routing and processors select by path.
 */
export function selectJsonPath(expression: string, payload: Payload): unknown[] {
  const json = jsonOf(payload)
  try {
    return JSONPath({ path: expression, json: json as object, eval: false, wrap: true }) as unknown[]
  } catch (err) {
    throw new EngineError(`JsonPath ${expression}: ${err instanceof Error ? err.message : String(err)}`)
  }
}
