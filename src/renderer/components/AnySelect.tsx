import { useTranslation } from 'react-i18next'
import { Field, Select } from '@fluentui/react-components'

/**
 * A search form's choice among fixed values, "any" ('') first: `labelOf` gives each value's
 * text (translated by the caller).
 */
export function AnySelect<V extends string>({ label, className, value, values, labelOf, onChange }: { label: string; className?: string; value: V | ''; values: readonly V[]; labelOf: (v: V) => string; onChange: (v: V | '') => void }) {
  const { t } = useTranslation()
  return (
    <Field className={className} label={label}>
      <Select value={value} onChange={(_, d) => onChange(d.value as V | '')}>
        <option value="">{t('widgets:any')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labelOf(v)}
          </option>
        ))}
      </Select>
    </Field>
  )
}
