import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Select } from '@fluentui/react-components'
import { datasourceList, datasourceListByApplicationCodeAndSourceType } from '../../../../shared/contract/datahub/dataSources'
import { callHub } from '../../../api/hub'
import { useHubLoad } from '../../../api/query'
import { useSettledValue } from '../../../components/useSettledValue'
import { useViewOnly } from '../../../components/viewOnly'
import { DisabledSources, type DisabledSource } from './DisabledSources'

/** Spec §4: producer data-source type codes by mode: 1 database, 2 ldap, 4 mq, 5 bigdata. */
export const SOURCE_TYPE_BY_MODE: Record<string, string> = { dblink: '1', ldap: '2', mq: '4', bigdata: '5' }
/** Spec §4: of the bigdata sources only hbase and phoenix are kept. */
const BIGDATA_KINDS = ['hbase', 'phoenix']
const NO_SOURCES: SourceOption[] = []
const NONE_DISABLED: DisabledSource[] = []
/** Enough disabled sources to name; an application rarely has more of one type. */
const DISABLED_SHOWN = 20

export interface SourceOption {
  name: string
  kind: string
  /** The source's own incremental-sync field, which a producer's timestamp field starts from. */
  timestampField?: string
}

export interface DataSourceSelectProps {
  appCode: string
  sourceType: string
  value: string
  /** The chosen source's name and kind (rabbitmq, activemq, mysql…), and the source as listed. */
  onChange: (name: string, kind: string, source?: SourceOption) => void
  /** The kind of the stored value once the list is known (rules that depend on it). */
  onKind?: (kind: string) => void
  onBlur?: () => void
  'aria-label'?: string
}

/**
 * The enabled data sources of the producer's application and the mode's source type, by name
 * (spec §7 /datasource/listByApplicationCodeAndSourceType). The list reloads when the
 * application or the mode changes; a stored name the list lacks stays visible. The disabled
 * ones of the same application and type are listed greyed, and named under the select with an
 * Enable button (DisabledSources): "no data source available" alone left the administrator
 * guessing why (issue 33).
 */
export function DataSourceSelect({ appCode, sourceType, value, onChange, onKind, onBlur, ...aria }: DataSourceSelectProps) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  // The application code is typed: ask once typing pauses, not on every key.
  const asked = useSettledValue({ applicationCode: appCode.trim() || undefined, sourceType }, 300)
  const kept = <T extends { kind: string }>(list: T[]): T[] => (asked?.sourceType === '5' ? list.filter((s) => BIGDATA_KINDS.includes(s.kind)) : list)
  const sources = useHubLoad(
    [datasourceListByApplicationCodeAndSourceType],
    asked,
    async () => {
      const r = await callHub(datasourceListByApplicationCodeAndSourceType, asked ?? {}, { quiet: true })
      if (!r.ok) return r
      return { ...r, data: kept(r.data.map((s) => ({ name: s.name, kind: s.dbType, timestampField: s.timestampField }))) }
    },
    { enabled: asked !== undefined },
  )
  // Only for an application: without one, "disabled" would name every application's sources.
  const disabledAsked = asked?.applicationCode ? asked : undefined
  const disabledLoad = useHubLoad(
    [datasourceList],
    disabledAsked,
    async () => {
      const r = await callHub(datasourceList, { ...disabledAsked, status: '0', pageNum: 1, pageSize: DISABLED_SHOWN }, { quiet: true })
      if (!r.ok) return r
      return { ...r, data: kept(r.data.content.map((s) => ({ id: s.id, version: s.version, name: s.name, kind: s.dbType }))) }
    },
    { enabled: disabledAsked !== undefined },
  )
  // A failure empties the list.
  const options: SourceOption[] = (!sources.error && sources.data) || NO_SOURCES
  const disabled: DisabledSource[] = (!disabledLoad.error && disabledLoad.data) || NONE_DISABLED
  const settled = disabledAsked !== undefined && !sources.loading && !disabledLoad.loading && !sources.error && !disabledLoad.error
  useEffect(() => {
    const kind = options.find((o) => o.name === value)?.kind
    if (kind) onKind?.(kind)
    // Only when the list or the value changes; onKind is recreated by every render.
  }, [options, value])
  const unknown = value !== '' && !options.some((o) => o.name === value)
  const choose = (name: string) => {
    const source = options.find((o) => o.name === name)
    onChange(name, source?.kind ?? '', source)
  }
  return (
    <div>
      <Select value={value} disabled={viewOnly} onBlur={onBlur} onChange={(_, d) => choose(d.value)} {...aria}>
        <option value="">{options.length === 0 ? t('producer:datasource_none') : ''}</option>
        {unknown && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.name} value={o.name}>
            {`${o.name} (${o.kind})`}
          </option>
        ))}
        {disabled
          .filter((o) => o.name !== value)
          .map((o) => (
            <option key={o.id} value={o.name} disabled>
              {t('producer:datasource_disabled_option', { name: o.name, kind: o.kind })}
            </option>
          ))}
      </Select>
      {settled && <DisabledSources appCode={asked?.applicationCode ?? ''} sources={disabled} none={options.length === 0 && disabled.length === 0} viewOnly={viewOnly} />}
    </div>
  )
}
