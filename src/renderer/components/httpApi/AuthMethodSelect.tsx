import { useTranslation } from 'react-i18next'
import { Select } from '@fluentui/react-components'
import { authenticationGetByAppCode } from '../../../shared/contract/datahub/authentication'
import { useHubQuery } from '../../api/query'
import { useViewOnly } from '../viewOnly'

export interface AuthMethodSelectProps {
  appCode: string
  /** The chosen method's id. */
  value: string
  onChange: (id: string, name: string) => void
  onBlur?: () => void
  disabled?: boolean
  'aria-label'?: string
}

/**
 * Spec §2 "API authentication … a select of authentication methods by name": the enabled
 * methods of the application, shown by name, stored by id. A stored id the list no longer has
 * stays visible (as for dictionary values) instead of silently changing.
 */
export function AuthMethodSelect({ appCode, value, onChange, onBlur, disabled, ...aria }: AuthMethodSelectProps) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  // No application, no methods; a failure empties the list.
  const listed = useHubQuery(authenticationGetByAppCode, { appCode }, { quiet: true, enabled: appCode.trim() !== '' })
  const methods: { id: string; authenName: string }[] = (!listed.error && listed.data) || []
  const unknown = value !== '' && !methods.some((m) => m.id === value)
  return (
    <Select
      value={value}
      disabled={disabled || viewOnly}
      onChange={(_, d) => onChange(d.value, methods.find((m) => m.id === d.value)?.authenName ?? '')}
      onBlur={onBlur}
      {...aria}
    >
      <option value="">{methods.length === 0 && !unknown ? t('widgets:auth_none_available') : ''}</option>
      {unknown && <option value={value}>{value}</option>}
      {methods.map((m) => (
        <option key={m.id} value={m.id}>
          {m.authenName}
        </option>
      ))}
    </Select>
  )
}
