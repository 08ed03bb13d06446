import { useTranslation } from 'react-i18next'
import { Divider, Input, Radio, RadioGroup } from '@fluentui/react-components'
import { ApplicationSelect } from '../../../components/ApplicationSelect'
import { DictionarySelect, dictionaryLabel, useDictionary } from '../../../components/DictionarySelect'
import { FormField } from '../../../components/FormField'
import { FireTimes } from '../../../components/schedule/FireTimes'
import { ScheduleEditor, type ScheduleValue } from '../../../components/schedule/ScheduleEditor'
import type { SchedulePreview } from '../../../components/schedule/useSchedulePreview'
import type { RuleForm } from '../../../components/useRuleForm'
import { useViewOnly } from '../../../components/viewOnly'
import { AlarmFields } from '../editor/AlarmFields'
import { RetryFields } from '../editor/RetryFields'
import { ModeForm } from './modes/ModeForm'
import { APP_TYPE_LOCKED_MODES, isScheduled, modeChange, type ProducerValues } from './producerForm'

/**
 * Producer basic config: topic (fixed), application type and code, production mode (locked once
 * the producer exists) and its sub-form, the schedule for modes the hub fetches in, failure retry
 * and alarms. The application comes from the platform's application list (of the chosen type).
 * Under the schedule, its next fires (`preview`, asked by the dialog, whose save it gates).
 */
export function ProducerBasicTab({ form, topicName, exists, preview }: { form: RuleForm<ProducerValues>; topicName: string; exists: boolean; preview: SchedulePreview }) {
  const { t, i18n } = useTranslation()
  const viewOnly = useViewOnly()
  const appTypes = useDictionary('pf_application_type')
  const { values, errors, patch, onBlur } = form
  const appTypeLocked = APP_TYPE_LOCKED_MODES.includes(values.productionMode)
  const schedule: ScheduleValue = values
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
          // Spec §4: changing the application type clears the application code (and its data sources).
          onChange={(_, d) => patch({ appType: d.value, appCode: '', appName: '' })}
        >
          {appTypes.map((e) => (
            <Radio key={e.dictValue} value={e.dictValue} label={dictionaryLabel(e, i18n.language)} />
          ))}
        </RadioGroup>
      </FormField>
      <FormField label={t('flow:field_app_code')} errorKey={errors.appCode} hint={t('flow:app_code_hint')} required>
        <ApplicationSelect
          appType={values.appType}
          value={values.appCode}
          disabled={viewOnly}
          aria-label={t('flow:field_app_code')}
          onChange={(app) => patch({ appCode: app.code, appName: app.name })}
          onBlur={() => onBlur('appCode')}
        />
      </FormField>
      <FormField label={t('flow:field_production_mode')} errorKey={errors.productionMode} hint={exists ? t('flow:mode_locked_hint') : undefined} required>
        <DictionarySelect
          dictType="dh_producer_production_mode"
          value={values.productionMode}
          disabled={exists}
          onChange={(v) => patch(modeChange(values, v))}
          onBlur={() => onBlur('productionMode')}
        />
      </FormField>
      <ModeForm form={form} />
      {isScheduled(values.productionMode) && (
        <>
          <Divider>{t('producer:section_schedule')}</Divider>
          <ScheduleEditor
            value={schedule}
            errors={errors}
            startHint={preview.timeZone ? t('runs:start_hint', { zone: preview.timeZone }) : undefined}
            onChange={(c) => patch(c as Partial<ProducerValues>)}
            onBlur={(f) => onBlur(f as keyof ProducerValues & string)}
          />
          <FireTimes preview={preview} />
        </>
      )}
      <Divider>{t('producer:section_retry_alarm')}</Divider>
      <RetryFields values={values} errors={errors} onChange={patch} onBlur={onBlur} />
      <AlarmFields values={values} errors={errors} onChange={patch} onBlur={(f) => onBlur(f)} />
    </>
  )
}
