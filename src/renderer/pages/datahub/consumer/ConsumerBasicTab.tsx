import { useTranslation } from 'react-i18next'
import { Divider, Input, MessageBar, MessageBarBody, Radio, RadioGroup } from '@fluentui/react-components'
import type { Producer } from '../../../../shared/contract/datahub/producer'
import { CONSUMER_MODEL_OF, CONSUMER_SOURCE_TYPE } from '../../../../shared/rules/datahub/consumer'
import { rewritesRowsEachRun } from '../../../../shared/rules/datahub/fullSync'
import { ROUTE_BY_KEY } from '../../../../shared/rules/datahub/topic'
import { ApplicationSelect } from '../../../components/ApplicationSelect'
import { DictionarySelect, dictionaryLabel, useDictionary } from '../../../components/DictionarySelect'
import { FormField } from '../../../components/FormField'
import type { RuleForm } from '../../../components/useRuleForm'
import { useViewOnly } from '../../../components/viewOnly'
import { AlarmFields } from '../editor/AlarmFields'
import { RetryFields } from '../editor/RetryFields'
import { DataSourceSelect } from '../producer/DataSourceSelect'
import type { FlowTopic } from '../flow/flowRow'
import { asConsumeType, errorsUnder, type ConsumerValues } from './consumerForm'
import { blankModel } from './consumerTypeFields'
import { ConsumerTypeFields } from './ConsumerTypeFields'
import { NotifyInfoFields } from './NotifyInfoFields'
import { withDbNotifyOn } from './notifyInfo'
import { apiPathHint, type ApiPathLookupState } from './useApiPathLookup'

/**
 * Consumer basic config: topic (fixed), application type and application (from the platform's
 * applications of that type), consume type and its own settings (data source, sub-model), routing
 * key (only when the topic routes by key; otherwise it is the topic code), failure retry, result
 * notifications and alarm. Picking the application looks up its API path at the gateway and fills
 * an http consumer's empty request URI with it.
 */
export function ConsumerBasicTab({ form, topic, apiPath, producer = null }: { form: RuleForm<ConsumerValues>; topic: FlowTopic; apiPath: ApiPathLookupState; producer?: Producer | null }) {
  const { t, i18n } = useTranslation()
  const viewOnly = useViewOnly()
  const appTypes = useDictionary('pf_application_type')
  const { values, errors, setValue, patch, onBlur } = form
  const type = asConsumeType(values.dataConsumeType)
  const modelKey = type ? CONSUMER_MODEL_OF[type] : ''
  const modelPrefix = type === 'excel' ? `${modelKey}.0.` : `${modelKey}.`
  const sourceType = type ? CONSUMER_SOURCE_TYPE[type] : undefined
  // Rule paths name the sub-model by its key; touching one of its fields shows its messages.
  const blurModel = () => onBlur(modelKey as keyof ConsumerValues & string)
  const changeType = (next: string) => {
    const nextType = asConsumeType(next)
    patch({
      dataConsumeType: next,
      datasourceName: '',
      // An API path found for the application fills a new http model's request URI.
      model: nextType ? apiPath.newModel(next, blankModel(nextType)) : {},
      properties: [],
      // Spec §4: choosing dblink forces the db result notification on.
      notifyInfo: next === 'dblink' ? withDbNotifyOn(values.notifyInfo) : values.notifyInfo,
    })
  }
  const changeAppType = (applicationType: string) => {
    // Spec §4: changing the application type clears the application code.
    patch({ applicationType, applicationCode: '', applicationName: '' })
    apiPath.clear()
  }
  const pickApp = (app: { code: string; name: string }) => {
    patch({ applicationCode: app.code, applicationName: app.name })
    // Spec §4: choosing the application fetches its internal ('0') or external ('1') API path.
    void apiPath.pick(app.code, values.applicationType)
  }
  return (
    <>
      <FormField label={t('flow:field_topic')} required>
        <Input value={`${topic.name} (${topic.code})`} disabled readOnly />
      </FormField>
      <FormField label={t('flow:field_app_type')} errorKey={errors.applicationType} required>
        <RadioGroup layout="horizontal" value={values.applicationType} disabled={viewOnly} onChange={(_, d) => changeAppType(d.value)}>
          {appTypes.map((e) => (
            <Radio key={e.dictValue} value={e.dictValue} label={dictionaryLabel(e, i18n.language)} />
          ))}
        </RadioGroup>
      </FormField>
      <FormField label={t('flow:field_app_code')} errorKey={errors.applicationCode} hint={t('flow:app_code_hint')} required>
        <ApplicationSelect
          appType={values.applicationType}
          value={values.applicationCode}
          disabled={viewOnly}
          aria-label={t('flow:field_app_code')}
          onChange={pickApp}
          onBlur={() => onBlur('applicationCode')}
        />
      </FormField>
      <FormField label={t('flow:field_consume_type')} errorKey={errors.dataConsumeType} required>
        <DictionarySelect dictType="pf_consumer_type" value={values.dataConsumeType} onChange={changeType} onBlur={() => onBlur('dataConsumeType')} />
      </FormField>
      {sourceType && (
        <FormField label={t('consumer:field_datasourceName')} errorKey={errors.datasourceName} required>
          <DataSourceSelect
            appCode={values.applicationCode}
            sourceType={sourceType}
            value={values.datasourceName}
            aria-label={t('consumer:field_datasourceName')}
            onChange={(name) => setValue('datasourceName', name)}
            onBlur={() => onBlur('datasourceName')}
          />
        </FormField>
      )}
      {type && (
        <ConsumerTypeFields
          type={type}
          model={values.model}
          errors={errorsUnder(errors, modelPrefix)}
          hints={{ requestUri: apiPathHint(apiPath.lookup, t), apiAddr: t('consumer:apiAddr_pull_hint') }}
          onChange={(model) => patch({ model })}
          onBlur={blurModel}
        />
      )}
      {rewritesRowsEachRun(producer, { dataConsumeType: values.dataConsumeType, dbLinkRequestInfoModel: values.model }) && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{t('consumer:rewrites_each_run')}</MessageBarBody>
        </MessageBar>
      )}
      {topic.distributeType === ROUTE_BY_KEY && (
        <FormField label={t('flow:field_routing_key')} errorKey={errors.routingKey} required>
          <Input value={values.routingKey} disabled={viewOnly} onChange={(_, d) => setValue('routingKey', d.value)} onBlur={() => onBlur('routingKey')} />
        </FormField>
      )}
      <RetryFields values={values} errors={errors} onChange={patch} onBlur={onBlur} />
      <NotifyInfoFields
        text={values.notifyInfo}
        appCode={values.applicationCode}
        appName=""
        errors={errors}
        onChange={(notifyInfo) => setValue('notifyInfo', notifyInfo)}
        onBlur={() => onBlur('notify' as keyof ConsumerValues & string)}
      />
      <Divider>{t('consumer:alarm_title')}</Divider>
      <AlarmFields values={values} errors={errors} onChange={patch} onBlur={onBlur} />
    </>
  )
}
