import { useTranslation } from 'react-i18next'
import { Textarea } from '@fluentui/react-components'
import { FormField } from '../../../components/FormField'
import type { RuleForm } from '../../../components/useRuleForm'
import { useViewOnly } from '../../../components/viewOnly'
import type { TopicValues } from './topicForm'

/**
 * The topic's alarm setting. For now the JSON text of the spec's alarm config (objData channels,
 * callbackData); the channel-by-channel form comes with the alarm editor in a later issue.
 */
export function TopicNoticeTab({ form }: { form: RuleForm<TopicValues> }) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  const { values, errors, setValue, onBlur } = form
  return (
    <FormField label={t('topic:field_alarm')} errorKey={errors.alarm} hint={t('topic:alarm_hint')}>
      <Textarea rows={8} resize="vertical" value={values.alarm} disabled={viewOnly} onChange={(_, d) => setValue('alarm', d.value)} onBlur={() => onBlur('alarm')} />
    </FormField>
  )
}
