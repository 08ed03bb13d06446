import { useTranslation } from 'react-i18next'
import { Field, makeStyles, Select } from '@fluentui/react-components'

// The field's width holds: a native select is otherwise as wide as its longest option and ran
// under the next field (the alert records' rule select, issue 33).
const useStyles = makeStyles({ root: { minWidth: 0 }, select: { minWidth: 0, width: '100%', textOverflow: 'ellipsis' } })

/**
 * A search form's choice among fixed values, "any" ('') first: `labelOf` gives each value's
 * text (translated by the caller).
 */
export function AnySelect<V extends string>({ label, className, value, values, labelOf, onChange }: { label: string; className?: string; value: V | ''; values: readonly V[]; labelOf: (v: V) => string; onChange: (v: V | '') => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <Field className={className} label={label}>
      <Select className={styles.root} select={{ className: styles.select }} value={value} onChange={(_, d) => onChange(d.value as V | '')}>
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
