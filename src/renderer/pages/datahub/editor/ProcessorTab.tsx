import { useTranslation } from 'react-i18next'
import { Divider, Input, Select } from '@fluentui/react-components'
import { DEFAULT_PROCESSOR_TYPE, PROCESSOR_TYPES } from '../../../../shared/rules/datahub/common'
import { isRunnableProcessor } from '../../../../shared/rules/datahub/runtime'
import { CodeEditor, processorLanguage } from '../../../components/code/CodeEditor'
import { FormField } from '../../../components/FormField'
import { useViewOnly } from '../../../components/viewOnly'
import { ProcessorHint } from './ProcessorHint'
import { YesNoRadio } from './YesNoRadio'

export interface ProcessorValues {
  preProcessorEnabled: string
  preProcessorType: string
  preProcessorExpression: string
  preProcessorRemark: string
  postProcessorEnabled: string
  postProcessorType: string
  postProcessorExpression: string
  postProcessorRemark: string
}

export interface ProcessorTabProps {
  values: ProcessorValues
  errors: Record<string, string | undefined>
  onChange: (change: Partial<ProcessorValues>) => void
  onBlur: (field: keyof ProcessorValues) => void
}

/**
 * The preprocess tab of the producer and consumer editors (spec §2): a pre- and a
 * post-processing section, each enabled or not, with its type (JsonPath, XPath, JavaScript, Bean,
 * Java; default JavaScript, not the spec's Java, which this hub cannot run: DEFAULT_PROCESSOR_TYPE),
 * how to write that type (ProcessorHint), its expression in the code editor and a remark. A
 * disabled processor is saved with a blank expression (shared rule, normaliseProcessors); it
 * stays visible until then.
 */
export function ProcessorTab({ values, errors, onChange, onBlur }: ProcessorTabProps) {
  return (
    <>
      <ProcessorSection side="pre" values={values} errors={errors} onChange={onChange} onBlur={onBlur} />
      <Divider />
      <ProcessorSection side="post" values={values} errors={errors} onChange={onChange} onBlur={onBlur} />
    </>
  )
}

function ProcessorSection({ side, values, errors, onChange, onBlur }: ProcessorTabProps & { side: 'pre' | 'post' }) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  const f = {
    enabled: `${side}ProcessorEnabled`,
    type: `${side}ProcessorType`,
    expression: `${side}ProcessorExpression`,
    remark: `${side}ProcessorRemark`,
  } as const
  const title = side === 'pre' ? t('widgets:processor_pre') : t('widgets:processor_post')
  const enabled = values[f.enabled] === '1'
  const type = values[f.type] || DEFAULT_PROCESSOR_TYPE
  // A record saved while the default was Java keeps Java on its disabled processors: turned on
  // with nothing written yet, it starts at the default too instead of a type refused at save.
  const enabling = (v: '0' | '1'): Partial<ProcessorValues> =>
    v === '1' && !isRunnableProcessor(type) && values[f.expression].trim() === '' ? { [f.enabled]: v, [f.type]: DEFAULT_PROCESSOR_TYPE } : { [f.enabled]: v }
  return (
    <section aria-label={title}>
      <FormField label={title} errorKey={errors[f.enabled]}>
        <YesNoRadio value={values[f.enabled]} onChange={(v) => onChange(enabling(v))} />
      </FormField>
      {enabled && (
        <>
          <FormField label={t('widgets:processor_type')} errorKey={errors[f.type]} required>
            <Select value={type} disabled={viewOnly} aria-label={`${title} ${t('widgets:processor_type')}`} onChange={(_, d) => onChange({ [f.type]: d.value })}>
              {PROCESSOR_TYPES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </FormField>
          <ProcessorHint type={type} />
          <FormField label={t('widgets:processor_expression')} errorKey={errors[f.expression]} required>
            <CodeEditor
              value={values[f.expression]}
              language={processorLanguage(type)}
              ariaLabel={`${title} ${t('widgets:processor_expression')}`}
              onChange={(v) => onChange({ [f.expression]: v })}
              onBlur={() => onBlur(f.expression)}
            />
          </FormField>
          <FormField label={t('widgets:processor_remark')} errorKey={errors[f.remark]}>
            <Input value={values[f.remark]} disabled={viewOnly} aria-label={`${title} ${t('widgets:processor_remark')}`} onChange={(_, d) => onChange({ [f.remark]: d.value })} onBlur={() => onBlur(f.remark)} />
          </FormField>
        </>
      )}
    </section>
  )
}
