import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Select } from '@fluentui/react-components'
import { datasourceListByApplicationCodeAndSourceType } from '../../../../shared/contract/datahub/dataSources'
import { callHub } from '../../../api/hub'
import { useHubLoad } from '../../../api/query'
import { useSettledValue } from '../../../components/useSettledValue'
import { useViewOnly } from '../../../components/viewOnly'

/** Spec §4: producer data-source type codes by mode: 1 database, 2 ldap, 4 mq, 5 bigdata. */
export const SOURCE_TYPE_BY_MODE: Record<string, string> = { dblink: '1', ldap: '2', mq: '4', bigdata: '5' }
/** Spec §4: of the bigdata sources only hbase and phoenix are kept. */
const BIGDATA_KINDS = ['hbase', 'phoenix']
const NO_SOURCES: SourceOption[] = []

export interface SourceOption {
  name: string
  kind: string
}

export interface DataSourceSelectProps {
  appCode: string
  sourceType: string
  value: string
  /** The chosen source's name and kind (rabbitmq, activemq, mysql…). */
  onChange: (name: string, kind: string) => void
  /** The kind of the stored value once the list is known (rules that depend on it). */
  onKind?: (kind: string) => void
  onBlur?: () => void
  'aria-label'?: string
}

/**
 * The enabled data sources of the producer's application and the mode's source type, by name
 * (spec §7 /datasource/listByApplicationCodeAndSourceType). The list reloads when the
 * application or the mode changes; a stored name the list lacks stays visible.
 */
export function DataSourceSelect({ appCode, sourceType, value, onChange, onKind, onBlur, ...aria }: DataSourceSelectProps) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  // The application code is typed: ask once typing pauses, not on every key.
  const asked = useSettledValue({ applicationCode: appCode.trim() || undefined, sourceType }, 300)
  const sources = useHubLoad(
    [datasourceListByApplicationCodeAndSourceType],
    asked,
    async () => {
      const r = await callHub(datasourceListByApplicationCodeAndSourceType, asked ?? {}, { quiet: true })
      if (!r.ok) return r
      const list = r.data.map((s) => ({ name: s.name, kind: s.dbType }))
      return { ...r, data: asked?.sourceType === '5' ? list.filter((s) => BIGDATA_KINDS.includes(s.kind)) : list }
    },
    { enabled: asked !== undefined },
  )
  // A failure empties the list.
  const options: SourceOption[] = (!sources.error && sources.data) || NO_SOURCES
  useEffect(() => {
    const kind = options.find((o) => o.name === value)?.kind
    if (kind) onKind?.(kind)
    // Only when the list or the value changes; onKind is recreated by every render.
  }, [options, value])
  const unknown = value !== '' && !options.some((o) => o.name === value)
  return (
    <Select value={value} disabled={viewOnly} onBlur={onBlur} onChange={(_, d) => onChange(d.value, options.find((o) => o.name === d.value)?.kind ?? '')} {...aria}>
      <option value="">{options.length === 0 ? t('producer:datasource_none') : ''}</option>
      {unknown && <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={o.name} value={o.name}>
          {`${o.name} (${o.kind})`}
        </option>
      ))}
    </Select>
  )
}
