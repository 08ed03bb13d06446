/**
 * What the producer and consumer editors share: the processor fields of the preprocess tab and
 * the alarm fields, with their spec defaults (processors off, type Java, alarm off).
 */
export const PROCESSOR_FIELDS = [
  'preProcessorEnabled', 'preProcessorType', 'preProcessorExpression', 'preProcessorRemark',
  'postProcessorEnabled', 'postProcessorType', 'postProcessorExpression', 'postProcessorRemark',
] as const

export const processorDefaults = () => ({
  preProcessorEnabled: '0',
  preProcessorType: 'Java',
  preProcessorExpression: '',
  preProcessorRemark: '',
  postProcessorEnabled: '0',
  postProcessorType: 'Java',
  postProcessorExpression: '',
  postProcessorRemark: '',
})

export const alarmDefaults = () => ({ alarm: '', alarmStatus: '0', receiveEmail: '' })
