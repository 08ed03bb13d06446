import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Select } from '@fluentui/react-components'
import type { Endpoint } from '../../../shared/endpoint'
import { callHub } from '../../api/hub'
import type { RemoteSource } from '../resource'

/** Choices of a remote source, loaded once per source (a failure leaves only "none"). */
function useRemoteOptions(source: RemoteSource | undefined) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([])
  useEffect(() => {
    if (!source) return
    let live = true
    void callHub(source.endpoint as Endpoint, source.input as never, { quiet: true }).then((r) => live && r.ok && setOptions(source.options(r.data)))
    return () => {
      live = false
    }
  }, [source])
  return options
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
