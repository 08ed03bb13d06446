import type { ReactNode } from 'react'
import { Input, Radio, RadioGroup, Select, Textarea } from '@fluentui/react-components'
import { FormField } from '../../../../components/FormField'
import type { RuleForm } from '../../../../components/useRuleForm'
import { useViewOnly } from '../../../../components/viewOnly'
import { modelKeyOf, type ProducerValues } from '../producerForm'

type Loose = Record<string, unknown>

/** One mode sub-model of the form: its values, a setter, its messages by field, blur. */
export interface ModelBinding {
  model: Loose
  set: (change: Loose) => void
  error: (field: string) => string | undefined
  blur: () => void
  /** Message keys under one list field ('properties' → {'0.propsCode': …}). */
  errorsUnder: (field: string) => Record<string, string>
}

/** Binds the active mode's sub-model (excel: its first sheet, at excelModels.0). */
export function bindModel(form: RuleForm<ProducerValues>): ModelBinding | null {
  const key = modelKeyOf(form.values.productionMode)
  if (!key) return null
  const sheets = key === 'excelModels'
  const raw = form.values[key] as unknown
  const model = ((sheets ? (raw as Loose[] | null)?.[0] : raw) ?? {}) as Loose
  const prefix = sheets ? `${key}.0.` : `${key}.`
  return {
    model,
    set: (change) => {
      const next = { ...model, ...change }
      form.patch({ [key]: sheets ? [next, ...((raw as Loose[] | null) ?? []).slice(1)] : next } as Partial<ProducerValues>)
    },
    error: (field) => form.errors[prefix + field],
    blur: () => form.onBlur(key),
    errorsUnder: (field) =>
      Object.fromEntries(Object.entries(form.errors).filter(([p]) => p.startsWith(`${prefix}${field}.`)).map(([p, m]) => [p.slice(prefix.length + field.length + 1), m])),
  }
}

export const text = (m: Loose, field: string): string => (m[field] == null ? '' : String(m[field]))

interface FieldProps {
  b: ModelBinding
  field: string
  label: string
  required?: boolean
  hint?: string
  disabled?: boolean
}

export function ModelText({ b, field, label, required, hint, disabled, rows }: FieldProps & { rows?: number }) {
  const viewOnly = useViewOnly()
  const props = { value: text(b.model, field), disabled: viewOnly || disabled, onBlur: b.blur }
  return (
    <FormField label={label} errorKey={b.error(field)} required={required} hint={hint}>
      {rows ? (
        <Textarea {...props} rows={rows} resize="vertical" onChange={(_, d) => b.set({ [field]: d.value })} />
      ) : (
        <Input {...props} onChange={(_, d) => b.set({ [field]: d.value })} />
      )}
    </FormField>
  )
}

export function ModelSelect({ b, field, label, required, hint, disabled, options, onPick }: FieldProps & { options: readonly { value: string; label: string }[]; onPick?: (value: string) => void }) {
  const viewOnly = useViewOnly()
  const value = text(b.model, field)
  return (
    <FormField label={label} errorKey={b.error(field)} required={required} hint={hint}>
      <Select value={value} disabled={viewOnly || disabled} onBlur={b.blur} onChange={(_, d) => (onPick ? onPick(d.value) : b.set({ [field]: d.value }))}>
        {!options.some((o) => o.value === value) && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FormField>
  )
}

export function ModelRadio({ b, field, label, required, hint, disabled, options, onPick }: FieldProps & { options: readonly { value: string; label: string }[]; onPick?: (value: string) => void }) {
  const viewOnly = useViewOnly()
  return (
    <FormField label={label} errorKey={b.error(field)} required={required} hint={hint}>
      <RadioGroup layout="horizontal" value={text(b.model, field)} disabled={viewOnly || disabled} onChange={(_, d) => (onPick ? onPick(d.value) : b.set({ [field]: d.value }))}>
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} />
        ))}
      </RadioGroup>
    </FormField>
  )
}

/** A read-only line (fixed addresses). */
export function ReadOnlyLine({ label, value }: { label: string; value: string }): ReactNode {
  return (
    <FormField label={label}>
      <Input value={value} readOnly aria-readonly />
    </FormField>
  )
}
