import { useTranslation } from 'react-i18next'
import type { ApiObject } from '../../../../components/httpApi/apiModel'
import { HttpApiEditor } from '../../../../components/httpApi/HttpApiEditor'
import { DictionarySelect } from '../../../../components/DictionarySelect'
import { FormField } from '../../../../components/FormField'
import { YesNoRadio } from '../../editor/YesNoRadio'
import { PAGINATION_STOPS, paginationStopOf } from '../../../../../shared/rules/datahub/pagingStop'
import { ModelRadio, ModelSelect, ModelText, text, type ModelBinding } from './modelBinding'

/**
 * The HTTP producer form (spec §2: request method, data strategy, pagination strategy): the
 * request in the HTTP API editor — its method, address and authentication are also the rule's
 * requestType, requestApi, authenStatus and authenId (kept equal here) — the data strategy,
 * pagination (a tab of the editor, with when paging stops: shared/rules/datahub/pagingStop.ts)
 * and task-time recording.
 */
export function HttpModeForm({ b, appCode, appName }: { b: ModelBinding; appCode: string; appName: string }) {
  const { t } = useTranslation()
  const api = (b.model.httpParamsModel ?? {}) as ApiObject
  const setApi = (next: ApiObject) =>
    b.set({
      httpParamsModel: next,
      requestType: next.method ?? '',
      requestApi: next.url ?? '',
      authenStatus: next.authorization?.display ?? '0',
      authenId: next.authorization?.selectedAuth ?? '',
    })
  const paging = text(b.model, 'isPagination') === '1'
  const recording = text(b.model, 'isRecordTaskTime') === '1'
  const pagination = (
    <>
      <FormField label={t('producer:field_is_pagination')}>
        <YesNoRadio value={text(b.model, 'isPagination') || '0'} onChange={(v) => b.set({ isPagination: v })} />
      </FormField>
      {paging && (
        <>
          <ModelText b={b} field="paginationParam" label={t('producer:field_pagination_param')} hint={t('producer:pagination_param_hint')} required />
          <ModelText b={b} field="paginationLevel" label={t('producer:field_pagination_level')} hint={t('producer:pagination_level_hint')} />
          {/* A producer saved before the choice existed has none: it pages as 'auto' does, and shows so. */}
          <ModelSelect
            b={{ ...b, model: { ...b.model, paginationStop: paginationStopOf(text(b.model, 'paginationStop')) } }}
            field="paginationStop"
            label={t('producer:field_pagination_stop')}
            hint={t('producer:pagination_stop_hint')}
            options={PAGINATION_STOPS.map((value) => ({ value, label: t(`producer:pagination_stop_${value}`) }))}
          />
        </>
      )}
    </>
  )
  return (
    <>
      <HttpApiEditor
        label={t('producer:http_request')}
        value={api}
        onChange={setApi}
        onBlur={b.blur}
        urlError={b.error('requestApi') ?? b.error('requestType')}
        appCode={appCode}
        appName={appName}
        pagination={pagination}
      />
      {/* The method is chosen in the editor's authorization tab; its message shows here too. */}
      {b.error('authenId') && <FormField label={t('producer:field_authen_id')} errorKey={b.error('authenId')}>{null}</FormField>}
      {/* The spec's values 'all' and 'up' read "full" and "incremental", but what the hub does with
          them is how the answer becomes messages (pageData.ts): the labels say that. */}
      <ModelRadio
        b={b}
        field="dataStrategy"
        label={t('producer:field_data_strategy')}
        hint={t('producer:data_strategy_hint')}
        options={[
          { value: 'all', label: t('producer:data_strategy_all') },
          { value: 'up', label: t('producer:data_strategy_up') },
        ]}
      />
      <ModelText b={b} field="requestParam" label={t('producer:field_request_param')} hint={t('producer:request_param_hint')} rows={3} />
      <FormField label={t('producer:field_record_task_time')}>
        <YesNoRadio value={text(b.model, 'isRecordTaskTime') || '0'} onChange={(v) => b.set({ isRecordTaskTime: v })} />
      </FormField>
      {recording && (
        <>
          <FormField label={t('producer:field_task_time_source')} errorKey={b.error('taskTimeSourceType')} required>
            <DictionarySelect dictType="dh_task_time_source" value={text(b.model, 'taskTimeSourceType')} onChange={(v) => b.set({ taskTimeSourceType: v })} onBlur={b.blur} />
          </FormField>
          {text(b.model, 'taskTimeSourceType') === '2' && (
            <>
              <ModelText b={b} field="taskTimeSourceField" label={t('producer:field_task_time_field')} required />
              <ModelText b={b} field="taskTimeSourceFormat" label={t('producer:field_task_time_format')} hint="yyyy-MM-dd HH:mm:ss" />
            </>
          )}
        </>
      )}
    </>
  )
}
