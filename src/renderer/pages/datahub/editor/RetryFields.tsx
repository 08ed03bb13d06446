import { useTranslation } from 'react-i18next'
import { Input } from '@fluentui/react-components'
import type { RetryFields as Retry } from '../../../../shared/rules/datahub/common'
import { FormField } from '../../../components/FormField'
import { useViewOnly } from '../../../components/viewOnly'
import { YesNoRadio } from './YesNoRadio'

export interface RetryFieldsProps {
  values: Retry
  errors: Record<string, string>
  onChange: (change: Partial<Retry>) => void
  onBlur: (field: keyof Retry) => void
}

/** Spec §2 "Failure retry": yes/no; when '1', retry count and interval. '0' resets the count to '0' (§4). */
export function RetryFields({ values, errors, onChange, onBlur }: RetryFieldsProps) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  return (
    <>
      <FormField label={t('flow:field_retriable')} errorKey={errors.retriable}>
        <YesNoRadio value={values.retriable} onChange={(v) => onChange(v === '0' ? { retriable: v, retryNum: '0' } : { retriable: v, retryNum: values.retryNum === '0' ? '' : values.retryNum })} />
      </FormField>
      {values.retriable === '1' && (
        <>
          <FormField label={t('flow:field_retry_num')} errorKey={errors.retryNum} required>
            <Input inputMode="numeric" value={values.retryNum} disabled={viewOnly} onChange={(_, d) => onChange({ retryNum: d.value.trim() })} onBlur={() => onBlur('retryNum')} />
          </FormField>
          <FormField label={t('flow:field_retry_interval')} errorKey={errors.retryTimeInterval} hint={t('flow:field_retry_interval_hint')} required>
            <Input inputMode="numeric" value={values.retryTimeInterval} disabled={viewOnly} onChange={(_, d) => onChange({ retryTimeInterval: d.value.trim() })} onBlur={() => onBlur('retryTimeInterval')} />
          </FormField>
        </>
      )}
    </>
  )
}
