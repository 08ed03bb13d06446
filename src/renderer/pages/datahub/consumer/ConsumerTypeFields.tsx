import { useTranslation } from 'react-i18next'
import { Input, Select } from '@fluentui/react-components'
import type { ConsumeType } from '../../../../shared/rules/datahub/consumer'
import { DictionarySelect } from '../../../components/DictionarySelect'
import { FormField } from '../../../components/FormField'
import { useViewOnly } from '../../../components/viewOnly'
import { YesNoRadio } from '../editor/YesNoRadio'
import { WsdlResolvePanel } from '../wsdl/WsdlResolvePanel'
import type { WsdlFields } from '../wsdl/wsdlSelection'
import { CONSUMER_TYPE_FIELDS, isRequired } from './consumerTypeFields'

export interface ConsumerTypeFieldsProps {
  type: ConsumeType
  model: Record<string, unknown>
  /** Message keys by field of the model. */
  errors: Record<string, string | undefined>
  /** A line under a field, by field of the model (the request URI says what the API path lookup found). */
  hints?: Record<string, string | undefined>
  onChange: (model: Record<string, unknown>) => void
  onBlur: () => void
}

/** The consume type's own settings (spec part 1 §3 sub-models), drawn from CONSUMER_TYPE_FIELDS. */
export function ConsumerTypeFields({ type, model, errors, hints, onChange, onBlur }: ConsumerTypeFieldsProps) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  const set = (field: string, value: string) => onChange({ ...model, [field]: value })
  return (
    <>
      {CONSUMER_TYPE_FIELDS[type]
        .filter((f) => f.showWhen?.(model) ?? true)
        .map((f) => {
          const label = t(`consumer:${f.label}`)
          const raw = model[f.field]
          const value = typeof raw === 'string' ? raw : raw == null ? '' : String(raw)
          if (f.kind === 'wsdl') {
            return (
              <div key={f.field}>
                <WsdlResolvePanel value={model as WsdlFields} onChange={(change) => onChange({ ...model, ...change })} wsdlUrlError={errors.wsdlUrl} />
                {/* The operation is chosen in the panel; the rule's message for it shows here. */}
                {errors.methodName && <FormField label={t('consumer:field_methodName')} errorKey={errors.methodName}>{null}</FormField>}
              </div>
            )
          }
          return (
            <FormField key={f.field} label={label} errorKey={errors[f.field]} hint={hints?.[f.field] ?? (f.hint && t(`consumer:${f.hint}`))} required={isRequired(type, f.field, model)}>
              {f.kind === 'yesno' ? (
                <YesNoRadio value={value || '0'} onChange={(v) => set(f.field, v)} />
              ) : f.kind === 'method' ? (
                <Select value={value} disabled={viewOnly} onChange={(_, d) => set(f.field, d.value)} onBlur={onBlur}>
                  <option value="POST">POST</option>
                  <option value="GET">GET</option>
                </Select>
              ) : f.kind === 'choice' ? (
                // A stored consumer without the setting shows the first choice, its default.
                <Select value={value || f.choices![0]} disabled={viewOnly} onChange={(_, d) => set(f.field, d.value)} onBlur={onBlur}>
                  {f.choices!.map((c) => (
                    <option key={c} value={c}>
                      {t(`consumer:${f.label}_${c}`)}
                    </option>
                  ))}
                </Select>
              ) : f.kind === 'dict' ? (
                <DictionarySelect dictType={f.dictType!} value={value} onChange={(v) => set(f.field, v)} onBlur={onBlur} />
              ) : (
                <Input value={value} disabled={viewOnly} readOnly={f.kind === 'readonly'} onChange={(_, d) => set(f.field, d.value)} onBlur={onBlur} />
              )}
            </FormField>
          )
        })}
    </>
  )
}
