import { useTranslation } from 'react-i18next'
import { Input, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { FormField } from '../../../components/FormField'
import type { RuleForm } from '../../../components/useRuleForm'
import { useViewOnly } from '../../../components/viewOnly'
import type { TopicValues } from './topicForm'

/** '' stays NaN so the rule says "1–3650" instead of silently keeping the old number. */
const toDays = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text))
const show = (n: number): string => (Number.isNaN(n) ? '' : String(n))

/** Log cleanup rules (spec §2): how long messages and temporary data are kept, with the spec's note. */
export function TopicLogTab({ form }: { form: RuleForm<TopicValues> }) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  const { values, errors, setValue, onBlur } = form
  return (
    <>
      <MessageBar intent="info">
        <MessageBarBody>{t('topic:log_note')}</MessageBarBody>
      </MessageBar>
      <FormField label={t('topic:field_log_store_day')} errorKey={errors.logStoreDay} hint={t('topic:log_store_day_hint')} required>
        <Input type="number" min={1} value={show(values.logStoreDay)} disabled={viewOnly} onChange={(_, d) => setValue('logStoreDay', toDays(d.value))} onBlur={() => onBlur('logStoreDay')} />
      </FormField>
      <FormField label={t('topic:field_log_data_store_day')} errorKey={errors.logDataStoreDay} hint={t('topic:log_data_store_day_hint')} required>
        <Input type="number" min={1} value={show(values.logDataStoreDay)} disabled={viewOnly} onChange={(_, d) => setValue('logDataStoreDay', toDays(d.value))} onBlur={() => onBlur('logDataStoreDay')} />
      </FormField>
    </>
  )
}
