import { useTranslation } from 'react-i18next'
import { Select } from '@fluentui/react-components'
import type { Endpoint } from '../../../shared/endpoint'
import { useHubQuery } from '../../api/query'
import type { RemoteSource } from '../resource'

/** Choices of a remote source, loaded once per source (a failure leaves only "none"). */
function useRemoteOptions(source: RemoteSource | undefined) {
  const { data } = useHubQuery(source?.endpoint as Endpoint | undefined, source?.input as never, { quiet: true })
  return source && data !== undefined ? source.options(data) : []
}

export interface RemoteSelectProps {
  source: RemoteSource | undefined
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  disabled?: boolean
  'aria-label'?: string
}

/** A select whose choices come from the hub; a stored value it does not list stays visible. */
export function RemoteSelect({ source, value, onChange, onBlur, disabled, ...aria }: RemoteSelectProps) {
  const { t } = useTranslation()
  const options = useRemoteOptions(source)
  const unknown = value !== '' && !options.some((o) => o.value === value)
  return (
    <Select value={value} disabled={disabled} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} {...aria}>
      <option value="">{t('admin:tree_none')}</option>
      {unknown && <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  )
}
