import { useTranslation } from 'react-i18next'
import { useDictionaryLabel } from '../components/DictionarySelect'
import { formatDateTime } from '../components/formatDateTime'
import type { ColumnDef } from './resource'

/** One cell of a resource table: custom render, dictionary label, date or list, else the text. */
export function ResourceCell<R>({ column, row }: { column: ColumnDef<R>; row: R }) {
  const { t } = useTranslation()
  const label = useDictionaryLabel(column.dictType ?? '')
  if (column.render) return <>{column.render(row)}</>
  const value = (row as Record<string, unknown>)[column.key]
  if (column.kind === 'list') return <>{Array.isArray(value) ? value.join(t('common:list_separator')) : ''}</>
  if (value === undefined || value === null || value === '') return <>{t('common:none')}</>
  if (column.kind === 'date') return <>{formatDateTime(String(value))}</>
  if (column.dictType) return <>{label(String(value))}</>
  return <>{String(value)}</>
}
