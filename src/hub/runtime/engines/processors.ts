import { isRunnableProcessor } from '../../../shared/rules/datahub/runtime'
import { EngineError, type Payload } from './payload'
import { inScriptWorker, type ScriptOwner } from './scriptPool'
import type { ScriptLimits } from './scriptLimits'
import type { ProcessorType } from './scriptTasks'

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
 * All three run in a script worker (engines/scriptTasks.ts), within the script's time limit,
 * and no result is larger than MAX_OUTPUT_BYTES (engines/limits.ts).
 */
export async function applyProcessor(setting: ProcessorSetting, payload: Payload, limits: ScriptLimits, owner?: ScriptOwner): Promise<Payload> {
  if (setting.enabled !== '1' || setting.expression.trim() === '') return payload
  const type = setting.type
  if (!isRunnableProcessor(type)) throw new EngineError(`${type} processors need a Java runtime, which this hub does not have`)
  return (await inScriptWorker({ kind: 'process', type: type as ProcessorType, expression: setting.expression, payload, limits }, owner)) as Payload
}
