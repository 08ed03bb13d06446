import { useTranslation } from 'react-i18next'
import { Input, Radio, RadioGroup } from '@fluentui/react-components'
import { DictionarySelect } from '../../../components/DictionarySelect'
import { FormField } from '../../../components/FormField'
import type { ApiObject } from '../../../components/httpApi/apiModel'
import { HttpApiEditor } from '../../../components/httpApi/HttpApiEditor'
import type { RuleForm } from '../../../components/useRuleForm'
import { useViewOnly } from '../../../components/viewOnly'
import { parseAlarm, serialiseAlarm } from '../../../components/alarm/alarmConfig'
import { YesNoRadio } from '../editor/YesNoRadio'
import { bindModel, text } from './modes/modelBinding'
import type { ProducerValues } from './producerForm'

/** Modes whose sub-model carries a callback strategy and its HTTP / web-service call. */
const CALLBACK_CALL_MODES = ['http', 'serverApi', 'serverApiWS']

/**
 * The callback tab (spec §2, §9): whether and when the source is told the data was handled
 * (callbackStatus; rule 1 after all consumers finish, 2 after each, kept in the alarm
 * configuration) and, for http and serverApi(WS), how: strategy 1 none, 2 an HTTP call edited
 * with the HTTP API editor, 3 a web-service call.
 */
export function ProducerCallbackTab({ form }: { form: RuleForm<ProducerValues> }) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  const { values, patch } = form
  const alarm = parseAlarm(values.alarm)
  const callback = alarm.callbackData ?? { callbackStatus: '0', callbackRule: '1' as const }
  const setCallback = (change: Partial<typeof callback>) => patch({ alarm: serialiseAlarm({ ...alarm, callbackData: { ...callback, ...change } }) })
  const b = CALLBACK_CALL_MODES.includes(values.productionMode) ? bindModel(form) : null
  const strategy = b ? text(b.model, 'callbackStrategy') || '1' : '1'
  const ws = (b?.model.callbackWSParamsModel ?? {}) as Record<string, string | undefined>
  const setWs = (field: string, value: string) => b?.set({ callbackWSParamsModel: { ...ws, [field]: value } })
  return (
    <>
      <FormField label={t('producer:field_callback_status')}>
        <YesNoRadio value={callback.callbackStatus} onChange={(v) => setCallback({ callbackStatus: v })} />
      </FormField>
      {callback.callbackStatus === '1' && (
        <FormField label={t('producer:field_callback_rule')}>
          <RadioGroup layout="horizontal" value={callback.callbackRule} disabled={viewOnly} onChange={(_, d) => setCallback({ callbackRule: d.value === '2' ? '2' : '1' })}>
            <Radio value="1" label={t('producer:callback_rule_all')} />
            <Radio value="2" label={t('producer:callback_rule_each')} />
          </RadioGroup>
        </FormField>
      )}
      {b && (
        <>
          <FormField label={t('producer:field_callback_strategy')} errorKey={b.error('callbackStrategy')}>
            <DictionarySelect dictType="pf_callback_method" value={strategy} onChange={(v) => b.set({ callbackStrategy: v })} onBlur={b.blur} />
          </FormField>
          {strategy === '2' && (
            <HttpApiEditor
              label={t('producer:callback_http')}
              value={(b.model.callbackHttpParamsModel ?? {}) as ApiObject}
              onChange={(api) => b.set({ callbackHttpParamsModel: api, callbackReqType: api.method ?? '', callbackReqApi: api.url ?? '' })}
              onBlur={b.blur}
              appCode={values.appCode}
              appName={values.appName}
            />
          )}
          {strategy === '3' && (
            <>
              <FormField label={t('producer:field_wsdl_url')} required>
                <Input value={ws.wsdlUrl ?? ''} disabled={viewOnly} onChange={(_, d) => setWs('wsdlUrl', d.value)} onBlur={b.blur} />
              </FormField>
              <FormField label={t('producer:field_method_name')} required>
                <Input value={ws.methodName ?? ''} disabled={viewOnly} onChange={(_, d) => setWs('methodName', d.value)} onBlur={b.blur} />
              </FormField>
              <FormField label={t('producer:field_namespace')}>
                <Input value={ws.namespace ?? ''} disabled={viewOnly} onChange={(_, d) => setWs('namespace', d.value)} onBlur={b.blur} />
              </FormField>
            </>
          )}
        </>
      )}
    </>
  )
}
