import { useTranslation } from 'react-i18next'
import { Textarea } from '@fluentui/react-components'
import { FormField } from '../../../components/FormField'
import { useViewOnly } from '../../../components/viewOnly'

/** Spec §2 "Remark tab: 5-row text area" (remark ≤ 255, shared rule). */
export function RemarkField({ value, errorKey, onChange, onBlur }: { value: string; errorKey?: string | undefined; onChange: (v: string) => void; onBlur: () => void }) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  return (
    <FormField label={t('flow:field_remark')} errorKey={errorKey}>
      <Textarea rows={5} resize="vertical" value={value} disabled={viewOnly} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} />
    </FormField>
  )
}
