import { useTranslation } from 'react-i18next'
import { Input, Radio, RadioGroup, Select, Textarea } from '@fluentui/react-components'
import { FormField } from '../../../components/FormField'
import { TagListInput } from '../../../components/TagListInput'
import { useViewOnly } from '../../../components/viewOnly'
import type { RuleForm } from '../../../components/useRuleForm'
import { YesNoRadio } from '../editor/YesNoRadio'
import { DATA_FORMATS, JSON_FORMAT, type TopicValues } from './topicForm'

/** Basic config: code (locked once the topic exists), name, status, data format and schema, tags. */
export function TopicBasicTab({ form, exists }: { form: RuleForm<TopicValues>; exists: boolean }) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  const { values, errors, setValue, patch, onBlur } = form
  return (
    <>
      <FormField label={t('topic:field_code')} errorKey={errors.code} required hint={exists ? t('topic:code_locked_hint') : undefined}>
        <Input value={values.code} disabled={viewOnly || exists} onChange={(_, d) => setValue('code', d.value)} onBlur={() => onBlur('code')} />
      </FormField>
      <FormField label={t('topic:field_name')} errorKey={errors.name} required>
        <Input value={values.name} disabled={viewOnly} onChange={(_, d) => setValue('name', d.value)} onBlur={() => onBlur('name')} />
      </FormField>
      <FormField label={t('topic:field_status')} errorKey={errors.status} required>
        <RadioGroup layout="horizontal" value={values.status} disabled={viewOnly} onChange={(_, d) => setValue('status', d.value)}>
          <Radio value="1" label={t('topic:status_enabled')} />
          <Radio value="0" label={t('topic:status_disabled')} />
        </RadioGroup>
      </FormField>
      <FormField label={t('topic:field_data_format')} errorKey={errors.dataFormat}>
        <Select
          value={values.dataFormat}
          disabled={viewOnly}
          // Spec §4: choosing json sets the schema to an empty object.
          onChange={(_, d) => patch(d.value === JSON_FORMAT ? { dataFormat: d.value, topicSchema: '{}' } : { dataFormat: d.value })}
          onBlur={() => onBlur('dataFormat')}
        >
          <option value="">{t('topic:data_format_none')}</option>
          {DATA_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f.toUpperCase()}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t('topic:field_schema')} errorKey={errors.topicSchema}>
        <Textarea rows={4} resize="vertical" value={values.topicSchema} disabled={viewOnly} onChange={(_, d) => setValue('topicSchema', d.value)} onBlur={() => onBlur('topicSchema')} />
      </FormField>
      <FormField label={t('topic:field_data_level')} errorKey={errors.dataLevel}>
        <Input value={values.dataLevel} disabled={viewOnly} onChange={(_, d) => setValue('dataLevel', d.value)} onBlur={() => onBlur('dataLevel')} />
      </FormField>
      <FormField label={t('topic:field_data_statistics')} errorKey={errors.dataStatistics}>
        <YesNoRadio value={values.dataStatistics} onChange={(v) => setValue('dataStatistics', v)} />
      </FormField>
      <FormField label={t('topic:field_tags')} errorKey={errors.tags}>
        <TagListInput label={t('topic:field_tags')} tags={values.tags} onChange={(tags) => setValue('tags', [...tags])} />
      </FormField>
    </>
  )
}
