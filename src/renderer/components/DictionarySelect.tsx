import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Select } from '@fluentui/react-components'
import type { DictionaryEntry } from '../../shared/contract/platform/startup'
import { dictionaryOf, referenceStore } from '../state/reference'
import { useStore } from '../state/store'
import { useViewOnly } from './viewOnly'

/** One dictionary's entries from the reference data store (status-1 only, in sort order). */
export function useDictionary(dictType: string): DictionaryEntry[] {
  const all = useStore(referenceStore, (s) => s.dictionaries)
  return useMemo(() => dictionaryOf(all, dictType), [all, dictType])
}

/** The label of an entry in the console's language (Chinese unless English is chosen). */
export const dictionaryLabel = (entry: DictionaryEntry, language: string): string =>
  (language === 'en' ? entry.dictLabelEn || entry.dictLabelCn : entry.dictLabelCn || entry.dictLabelEn) || entry.dictValue

/** A value's label, or the raw value when the dictionary does not know it (never an empty cell). */
export function useDictionaryLabel(dictType: string): (value: string | null | undefined) => string {
  const entries = useDictionary(dictType)
  const { i18n } = useTranslation()
  return (value) => {
    if (value == null || value === '') return ''
    const entry = entries.find((e) => e.dictValue === value)
    return entry ? dictionaryLabel(entry, i18n.language) : value
  }
}

export interface DictionarySelectProps {
  dictType: string
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  disabled?: boolean
  /** Offer an empty first option (search forms: "any"). */
  placeholder?: string
  'aria-label'?: string
}

/** The spec's dictionary select: a native select (keyboard and screen readers for free). */
export function DictionarySelect({ dictType, value, onChange, onBlur, disabled, placeholder, ...aria }: DictionarySelectProps) {
  const entries = useDictionary(dictType)
  const { i18n } = useTranslation()
  const viewOnly = useViewOnly()
  // A stored value the dictionary no longer lists stays visible instead of silently changing.
  const unknown = value !== '' && !entries.some((e) => e.dictValue === value)
  return (
    <Select value={value} disabled={disabled || viewOnly} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} {...aria}>
      {(placeholder !== undefined || value === '') && <option value="">{placeholder ?? ''}</option>}
      {unknown && <option value={value}>{value}</option>}
      {entries.map((e) => (
        <option key={e.dictValue} value={e.dictValue}>
          {dictionaryLabel(e, i18n.language)}
        </option>
      ))}
    </Select>
  )
}
