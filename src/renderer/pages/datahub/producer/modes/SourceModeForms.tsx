import { useTranslation } from 'react-i18next'
import { FormField } from '../../../../components/FormField'
import { DataSourceSelect, SOURCE_TYPE_BY_MODE } from '../DataSourceSelect'
import { ModelRadio, ModelText, text, type ModelBinding } from './modelBinding'

export interface SourceFormProps {
  b: ModelBinding
  appCode: string
  /** The chosen source's kind, which some rules need (rabbitmq exchange, SQL Server sort field). */
  onSourceKind: (kind: string) => void
}

/** The data-source select of a mode, bound to the sub-model's dataSourceName. */
export function ModelDataSource({ b, appCode, onSourceKind, mode, required = true }: SourceFormProps & { mode: string; required?: boolean }) {
  const { t } = useTranslation()
  return (
    <FormField label={t('producer:field_data_source')} errorKey={b.error('dataSourceName')} required={required}>
      <DataSourceSelect
        appCode={appCode}
        sourceType={SOURCE_TYPE_BY_MODE[mode] ?? '1'}
        value={text(b.model, 'dataSourceName')}
        aria-label={t('producer:field_data_source')}
        onChange={(name, kind, source) => {
          // A model with an incremental sync starts its timestamp field from the source's own (not over one typed).
          const timestamp = 'timestarpField' in b.model && !text(b.model, 'timestarpField').trim() && source?.timestampField ? { timestarpField: source.timestampField } : {}
          b.set({ dataSourceName: name, ...timestamp })
          onSourceKind(kind)
        }}
        onKind={onSourceKind}
        onBlur={b.blur}
      />
    </FormField>
  )
}

/** ldap (spec §3): source, base DN, filter, fields returned. */
export function LdapModeForm(p: SourceFormProps) {
  const { t } = useTranslation()
  return (
    <>
      <ModelDataSource {...p} mode="ldap" />
      <ModelText b={p.b} field="base" label={t('producer:field_ldap_base')} hint="dc=example,dc=com" required />
      <ModelText b={p.b} field="queryCondition" label={t('producer:field_ldap_filter')} hint="(objectClass=person)" required rows={2} />
      <ModelText b={p.b} field="resultFields" label={t('producer:field_ldap_fields')} hint={t('producer:ldap_fields_hint')} required rows={2} />
    </>
  )
}

/**
 * mq (spec §3): source, queue, and for RabbitMQ the exchange and routing key. An ActiveMQ source
 * has neither: the fields are hidden and cleared on save (spec §4).
 */
export function MqModeForm(p: SourceFormProps & { sourceKind: string }) {
  const { t } = useTranslation()
  const activemq = p.sourceKind === 'activemq'
  return (
    <>
      <ModelDataSource {...p} mode="mq" required={false} />
      <ModelText b={p.b} field="queueName" label={t('producer:field_queue_name')} required />
      {!activemq && (
        <>
          <ModelText b={p.b} field="exchangeName" label={t('producer:field_exchange_name')} required={p.sourceKind === 'rabbitmq'} />
          <ModelText b={p.b} field="routingKey" label={t('producer:field_mq_routing_key')} />
        </>
      )}
      <ModelText b={p.b} field="brokerUrl" label={t('producer:field_broker_url')} hint={t('producer:broker_url_hint')} />
    </>
  )
}

/** excel (spec §3 excelModels[0]): where the data sits in the uploaded workbook. */
export function ExcelModeForm({ b }: { b: ModelBinding }) {
  const { t } = useTranslation()
  return (
    <>
      <ModelText b={b} field="sheetName" label={t('producer:field_sheet_name')} required />
      <ModelText b={b} field="modelCodeCellIndex" label={t('producer:field_model_code_cell')} hint={t('producer:model_code_cell_hint')} required />
      <ModelText b={b} field="headerRowNum" label={t('producer:field_header_row')} required />
      <ModelText b={b} field="valueStartRowNum" label={t('producer:field_value_start_row')} required />
    </>
  )
}

/** bigdata (spec §3): an hbase or phoenix source, table, query, incremental field, stored field. */
export function BigdataModeForm(p: SourceFormProps) {
  const { t } = useTranslation()
  const { b } = p
  return (
    <>
      <ModelDataSource {...p} mode="bigdata" />
      <ModelText b={b} field="tableName" label={t('producer:field_table_name')} required />
      <ModelText b={b} field="querySql" label={t('producer:field_query_sql')} required rows={4} />
      <ModelText b={b} field="columnRow" label={t('producer:field_column_row')} hint={t('producer:column_row_hint')} />
      <SynchFields b={b} />
    </>
  )
}

/** dataSynch all / up (incremental needs the timestamp field) and the stored field (type 1). */
export function SynchFields({ b, withStartTime = false }: { b: ModelBinding; withStartTime?: boolean }) {
  const { t } = useTranslation()
  const up = text(b.model, 'dataSynch') === 'up'
  return (
    <>
      <ModelRadio
        b={b}
        field="dataSynch"
        label={t('producer:field_data_synch')}
        required
        options={[
          { value: 'all', label: t('producer:data_all') },
          { value: 'up', label: t('producer:data_up') },
        ]}
      />
      {up && <ModelText b={b} field="timestarpField" label={t('producer:field_timestamp_field')} required />}
      {up && withStartTime && <ModelText b={b} field="taskStartTime" label={t('producer:field_task_start_time')} hint="yyyy-MM-dd HH:mm:ss" required />}
      <ModelRadio
        b={b}
        field="dataStoreType"
        label={t('producer:field_data_store_type')}
        required
        options={[
          { value: '0', label: t('producer:store_none') },
          { value: '1', label: t('producer:store_field') },
        ]}
      />
      {text(b.model, 'dataStoreType') === '1' && <ModelText b={b} field="profileField" label={t('producer:field_profile_field')} required />}
    </>
  )
}
