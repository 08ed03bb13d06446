import { ResultCode } from '../../../shared/envelope'
import { isRunnableProcessor } from '../../../shared/rules/datahub/runtime'
import { Refusal, type FieldKey } from '../../kernel/refusal'

interface ProcessorTypes {
  preProcessorEnabled: string
  preProcessorType: string
  postProcessorEnabled: string
  postProcessorType: string
}

/**
 * Bean and Java processors need a Java runtime, which this hub does not have: an enabled one is
 * refused at save ('4001' on the type field) instead of failing every message later. A disabled
 * processor may keep Java, the spec's default, which records saved by older consoles still carry
 * (new ones default to JavaScript: DEFAULT_PROCESSOR_TYPE).
 */
export function refuseUnrunnableProcessors(v: ProcessorTypes): void {
  const fields: FieldKey[] = []
  if (v.preProcessorEnabled === '1' && !isRunnableProcessor(v.preProcessorType)) fields.push({ path: 'preProcessorType', key: 'msg_runtime_processor_unsupported' })
  if (v.postProcessorEnabled === '1' && !isRunnableProcessor(v.postProcessorType)) fields.push({ path: 'postProcessorType', key: 'msg_runtime_processor_unsupported' })
  if (fields.length > 0) throw new Refusal(ResultCode.validation, 'msg_runtime_processor_unsupported', {}, fields)
}
