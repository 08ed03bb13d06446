import { useTranslation } from 'react-i18next'
import { Select } from '@fluentui/react-components'
import { applicationListAll } from '../../shared/contract/platform/apps/applications'
import { useHubQuery } from '../api/query'

export interface ApplicationSelectProps {
  /** Only applications of this type (dictionary pf_application_type); '' for all. */
  appType: string
  value: string
  onChange: (app: { code: string; name: string }) => void
  onBlur?: () => void
  disabled?: boolean
  'aria-label'?: string
}

/**
 * An application by code, from the enabled applications of the chosen type (spec: changing the
 * application type reloads the applications). A saved code that is no longer in the list (the
 * application was disabled, or was typed before applications were kept) stays shown and kept.
 */
export function ApplicationSelect({ appType, value, onChange, onBlur, disabled, ...aria }: ApplicationSelectProps) {
  const { t } = useTranslation()
  const listed = useHubQuery(applicationListAll, { appType, status: '1' }, { quiet: true })
  // A failure empties the list.
  const apps = (!listed.error && listed.data) || []
  const missing = value !== '' && !apps.some((a) => a.code === value)
  return (
    <Select
      value={value}
      disabled={disabled}
      onBlur={onBlur}
      onChange={(_, d) => onChange({ code: d.value, name: apps.find((a) => a.code === d.value)?.name ?? '' })}
      {...aria}
    >
      <option value="">{apps.length ? t('widgets:choose') : t('widgets:no_applications')}</option>
      {missing && <option value={value}>{value}</option>}
      {apps.map((a) => (
        <option key={a.id} value={a.code}>
          {`${a.name} (${a.code})`}
        </option>
      ))}
    </Select>
  )
}
