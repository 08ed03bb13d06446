import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, Input, makeStyles, Select } from '@fluentui/react-components'
import { DictionarySelect } from '../components/DictionarySelect'
import { SearchForm } from '../components/SearchForm'
import type { FilterDef } from './resource'

const useStyles = makeStyles({ field: { width: '200px' } })

/** The search form of a resource: its filters, applied on Search, cleared on Reset. */
export function ResourceSearch({ filters, onSearch, busy }: { filters: readonly FilterDef[]; onSearch: (values: Record<string, string>) => void; busy: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [draft, setDraft] = useState<Record<string, string>>({})
  const set = (name: string, value: string) => setDraft((d) => ({ ...d, [name]: value }))
  return (
    <SearchForm
      busy={busy}
      onSearch={() => onSearch(draft)}
      onReset={() => {
        setDraft({})
        onSearch({})
      }}
    >
      {filters.map((f) => (
        <Field key={f.name} className={styles.field} label={t(f.label)}>
          {f.widget === 'dictionary' ? (
            <DictionarySelect dictType={f.dictType ?? ''} value={draft[f.name] ?? ''} onChange={(v) => set(f.name, v)} placeholder={t('widgets:any')} />
          ) : f.widget === 'select' ? (
            <Select value={draft[f.name] ?? ''} onChange={(_, d) => set(f.name, d.value)}>
              <option value="">{t('widgets:any')}</option>
              {(f.options ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)}
                </option>
              ))}
            </Select>
          ) : (
            <Input type={f.widget === 'date' ? 'date' : 'text'} value={draft[f.name] ?? ''} onChange={(_, d) => set(f.name, d.value)} />
          )}
        </Field>
      ))}
    </SearchForm>
  )
}
