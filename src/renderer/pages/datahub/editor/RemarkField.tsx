import { useTranslation } from 'react-i18next'
import { Textarea } from '@fluentui/react-components'
import { FormField } from '../../../components/FormField'
import { useViewOnly } from '../../../components/viewOnly'

/** What the remark tab needs of a topic, producer or consumer form. */
export interface RemarkForm {
  values: { remark: string }
  errors: { remark?: string | undefined }
  setValue: (key: 'remark', value: string) => void
  onBlur: (key: 'remark') => void
}

/** Spec §2 "Remark tab: 5-row text area" (remark ≤ 255, shared rule); the same tab in all three editors. */
export function RemarkField({ form }: { form: RemarkForm }) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  return (
    <FormField label={t('flow:field_remark')} errorKey={form.errors.remark}>
      <Textarea rows={5} resize="vertical" value={form.values.remark} disabled={viewOnly} onChange={(_, d) => form.setValue('remark', d.value)} onBlur={() => form.onBlur('remark')} />
    </FormField>
  )
}
