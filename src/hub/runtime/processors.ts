import { isRunnableProcessor } from '../../shared/rules/datahub/runtime'
import { runJavaScript } from './engines/javaScript'
import { selectJsonPath } from './engines/jsonPath'
import { EngineError, payloadOf, type Payload } from './engines/payload'
import type { ScriptLimits } from './engines/scriptLimits'
import { selectXPath, serialiseNodes } from './engines/xPath'

/** A producer's pre-processing or a consumer's post-processing (spec §3: enabled, type, expression). */
export interface ProcessorSetting {
  enabled: string
  type: string
  expression: string
}

/**
 * Transforms a payload: JsonPath keeps what the path selects (one value as itself, several as
 * a list), XPath keeps the selected nodes (or the string, number or boolean it computes),
 * JavaScript returns the new payload. A disabled processor leaves the payload as it is.
 */
export async function applyProcessor(setting: ProcessorSetting, payload: Payload, limits: ScriptLimits): Promise<Payload> {
  if (setting.enabled !== '1' || setting.expression.trim() === '') return payload
  const type = setting.type
  if (!isRunnableProcessor(type)) throw new EngineError(`${type} processors need a Java runtime, which this hub does not have`)
  if (type === 'JsonPath') {
    const values = selectJsonPath(setting.expression, payload)
    return { text: JSON.stringify(values.length === 1 ? values[0] : values), format: 'json' }
  }
  if (type === 'XPath') {
    const value = selectXPath(setting.expression, payload)
    return Array.isArray(value) ? { text: serialiseNodes(value), format: 'xml' } : { text: String(value), format: 'text' }
  }
  return payloadOf(await runJavaScript(setting.expression, payload, limits), payload)
}
