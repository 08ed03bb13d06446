import { useTranslation } from 'react-i18next'
import { Input, Radio, RadioGroup } from '@fluentui/react-components'
import { DictionarySelect, dictionaryLabel, useDictionary } from '../../../components/DictionarySelect'
import { FormField } from '../../../components/FormField'
import type { RuleForm } from '../../../components/useRuleForm'
import { useViewOnly } from '../../../components/viewOnly'
import { RetryFields } from '../editor/RetryFields'
import { APP_TYPE_LOCKED_MODES, isScheduled, POLLING, type ProducerValues } from './producerForm'

/**
 * Producer basic config: topic (fixed), application type and code, production mode (locked once
 * the producer exists), the polling schedule for modes the hub fetches in, failure retry.
 * The application code is typed for now; the application chooser comes with the applications list.
 */
export function ProducerBasicTab({ form, topicName, exists }: { form: RuleForm<ProducerValues>; topicName: string; exists: boolean }) {
  const { t, i18n } = useTranslation()
  const viewOnly = useViewOnly()
  const appTypes = useDictionary('pf_application_type')
  const { values, errors, setValue, patch, onBlur } = form
  const appTypeLocked = APP_TYPE_LOCKED_MODES.includes(values.productionMode)
  return (
    <>
      <FormField label={t('flow:field_topic')} required>
        <Input value={`${topicName} (${values.topicCode})`} disabled readOnly />
      </FormField>
      <FormField label={t('flow:field_app_type')} errorKey={errors.appType} required>
        <RadioGroup
          layout="horizontal"
          value={values.appType}
          disabled={viewOnly || appTypeLocked}
          // Spec §4: changing the application type clears the application code.
          onChange={(_, d) => patch({ appType: d.value, appCode: '' })}
        >
          {appTypes.map((e) => (
            <Radio key={e.dictValue} value={e.dictValue} label={dictionaryLabel(e, i18n.language)} />
          ))}
        </RadioGroup>
      </FormField>
      <FormField label={t('flow:field_app_code')} errorKey={errors.appCode} hint={t('flow:app_code_hint')} required>
        <Input value={values.appCode} disabled={viewOnly} onChange={(_, d) => setValue('appCode', d.value)} onBlur={() => onBlur('appCode')} />
      </FormField>
      <FormField label={t('flow:field_production_mode')} errorKey={errors.productionMode} hint={exists ? t('flow:mode_locked_hint') : undefined} required>
        <DictionarySelect
          dictType="dh_producer_production_mode"
          value={values.productionMode}
          disabled={exists}
          onChange={(v) => setValue('productionMode', v)}
          onBlur={() => onBlur('productionMode')}
        />
      </FormField>
      {isScheduled(values.productionMode) && (
        <>
          <FormField label={t('flow:field_request_strategy')} errorKey={errors.requestStrategy}>
            <DictionarySelect dictType="pf_request_strategy" value={values.requestStrategy} onChange={(v) => setValue('requestStrategy', v)} onBlur={() => onBlur('requestStrategy')} />
          </FormField>
          {values.requestStrategy === POLLING ? (
            <>
              <FormField label={t('flow:field_polling_interval')} errorKey={errors.pollingInterval} required>
                <Input inputMode="numeric" value={values.pollingInterval} disabled={viewOnly} onChange={(_, d) => setValue('pollingInterval', d.value.trim())} onBlur={() => onBlur('pollingInterval')} />
              </FormField>
              <FormField label={t('flow:field_interval_unit')} errorKey={errors.intervalUnit}>
                <DictionarySelect dictType="pf_producer_interval_units" value={values.intervalUnit} onChange={(v) => setValue('intervalUnit', v)} onBlur={() => onBlur('intervalUnit')} />
              </FormField>
            </>
          ) : (
            <FormField label={t('flow:field_timetable')}>
              <Input value={t('flow:timetable_later')} disabled readOnly />
            </FormField>
          )}
        </>
      )}
      <RetryFields values={values} errors={errors} onChange={patch} onBlur={onBlur} />
    </>
  )
}
