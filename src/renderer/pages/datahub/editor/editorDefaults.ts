import { DEFAULT_PROCESSOR_TYPE } from '../../../../shared/rules/datahub/common'

/**
 * What the producer and consumer editors share: the processor fields of the preprocess tab and
 * the alarm fields, with their defaults (processors off, type JavaScript — one the hub runs, see
 * DEFAULT_PROCESSOR_TYPE — alarm off).
 */
export const PROCESSOR_FIELDS = [
  'preProcessorEnabled', 'preProcessorType', 'preProcessorExpression', 'preProcessorRemark',
  'postProcessorEnabled', 'postProcessorType', 'postProcessorExpression', 'postProcessorRemark',
] as const

export const processorDefaults = () => ({
  preProcessorEnabled: '0',
  preProcessorType: DEFAULT_PROCESSOR_TYPE,
  preProcessorExpression: '',
  preProcessorRemark: '',
  postProcessorEnabled: '0',
  postProcessorType: DEFAULT_PROCESSOR_TYPE,
  postProcessorExpression: '',
  postProcessorRemark: '',
})

export const alarmDefaults = () => ({ alarm: '', alarmStatus: '0', receiveEmail: '' })
