import { useTranslation } from 'react-i18next'
import { Input, Radio, RadioGroup } from '@fluentui/react-components'
import { ROUTE_BY_KEY } from '../../../../shared/rules/datahub/topic'
import { DictionarySelect, dictionaryLabel, useDictionary } from '../../../components/DictionarySelect'
import { FormField } from '../../../components/FormField'
import type { RuleForm } from '../../../components/useRuleForm'
import { useViewOnly } from '../../../components/viewOnly'
import { RetryFields } from '../editor/RetryFields'
import type { FlowTopic } from '../flow/flowRow'
import type { ConsumerValues } from './consumerForm'

/**
 * Consumer basic config: topic (fixed), application type and code, consume type, routing key
 * (only when the topic routes by key; otherwise it is the topic code), failure retry.
 */
export function ConsumerBasicTab({ form, topic }: { form: RuleForm<ConsumerValues>; topic: FlowTopic }) {
  const { t, i18n } = useTranslation()
  const viewOnly = useViewOnly()
  const appTypes = useDictionary('pf_application_type')
  const { values, errors, setValue, patch, onBlur } = form
  return (
    <>
      <FormField label={t('flow:field_topic')} required>
        <Input value={`${topic.name} (${topic.code})`} disabled readOnly />
      </FormField>
      <FormField label={t('flow:field_app_type')} errorKey={errors.applicationType} required>
        {/* Spec §4: changing the application type clears the application code. */}
        <RadioGroup layout="horizontal" value={values.applicationType} disabled={viewOnly} onChange={(_, d) => patch({ applicationType: d.value, applicationCode: '' })}>
          {appTypes.map((e) => (
            <Radio key={e.dictValue} value={e.dictValue} label={dictionaryLabel(e, i18n.language)} />
          ))}
        </RadioGroup>
      </FormField>
      <FormField label={t('flow:field_app_code')} errorKey={errors.applicationCode} hint={t('flow:app_code_hint')} required>
        <Input value={values.applicationCode} disabled={viewOnly} onChange={(_, d) => setValue('applicationCode', d.value)} onBlur={() => onBlur('applicationCode')} />
      </FormField>
      <FormField label={t('flow:field_consume_type')} errorKey={errors.dataConsumeType} required>
        <DictionarySelect dictType="pf_consumer_type" value={values.dataConsumeType} onChange={(v) => setValue('dataConsumeType', v)} onBlur={() => onBlur('dataConsumeType')} />
      </FormField>
      {topic.distributeType === ROUTE_BY_KEY && (
        <FormField label={t('flow:field_routing_key')} errorKey={errors.routingKey} required>
          <Input value={values.routingKey} disabled={viewOnly} onChange={(_, d) => setValue('routingKey', d.value)} onBlur={() => onBlur('routingKey')} />
        </FormField>
      )}
      <RetryFields values={values} errors={errors} onChange={patch} onBlur={onBlur} />
    </>
  )
}
