import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Input, makeStyles, Text, tokens } from '@fluentui/react-components'
import { producerGetColumnsByDataSourceNameAndTableName } from '../../../../../shared/contract/datahub/sqlTools'
import { DATA_GET_METHODS, generatedQuery, onBatchGetChange, PAGED_BY_SORT_FIELD } from '../../../../../shared/rules/datahub/producerModes'
import { callHub } from '../../../../api/hub'
import { FormField } from '../../../../components/FormField'
import { LabeledGroup } from '../../../../components/schedule/LabeledGroup'
import { useViewOnly } from '../../../../components/viewOnly'
import { SqlPreviewDialog } from '../../sqlTools/SqlPreviewDialog'
import { ModelRadio, ModelSelect, ModelText, text } from './modelBinding'
import { ModelDataSource, SynchFields, type SourceFormProps } from './SourceModeForms'

const useStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse' },
  cell: { padding: tokens.spacingVerticalXXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, textAlign: 'left' },
  line: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
})

interface ColumnRow {
  columnName: string
  synchStatus?: string | undefined
  dataTypeName?: string
}

const isSqlServer = (kind: string) => /sql\s*server|mssql/i.test(kind)

/**
 * The database-link producer form (spec §2–§5): source, query type (pageList or function), how the
 * data is read (method 1 pages by a sort field, required on SQL Server), the table's columns
 * with a sync checkbox (the generated query selects the synced ones, all when none or all are
 * marked), the query, incremental reading, batches and their retry flags (§4 couplings).
 */
export function DbLinkModeForm(p: SourceFormProps & { sourceKind: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const viewOnly = useViewOnly()
  const { b } = p
  const [loading, setLoading] = useState(false)
  const uid = useId()
  const [preview, setPreview] = useState(false)
  const columns = (b.model.columnModelList ?? []) as ColumnRow[]
  const dataSourceName = text(b.model, 'dataSourceName')
  const tableName = text(b.model, 'tableName')
  const byYesNo = [
    { value: '1', label: t('widgets:yes') },
    { value: '0', label: t('widgets:no') },
  ]

  async function loadColumns() {
    setLoading(true)
    const r = await callHub(producerGetColumnsByDataSourceNameAndTableName, { dataSourceName, tableName })
    setLoading(false)
    if (r.ok) b.set({ columnModelList: r.data.map((c) => ({ columnName: c.columnName, synchStatus: '1' })) })
  }
  const setSync = (i: number, on: boolean) => b.set({ columnModelList: columns.map((c, j) => (j === i ? { ...c, synchStatus: on ? '1' : '0' } : c)) })

  return (
    <>
      <ModelDataSource {...p} mode="dblink" />
      <ModelRadio
        b={b}
        field="queryType"
        label={t('producer:field_query_type')}
        required
        options={[
          { value: 'pageList', label: t('producer:query_page_list') },
          { value: 'function', label: t('producer:query_function') },
        ]}
      />
      <ModelSelect
        b={b}
        field="dataGetMethod"
        label={t('producer:field_data_get_method')}
        required
        options={DATA_GET_METHODS.map((m) => ({ value: m, label: t(m === PAGED_BY_SORT_FIELD ? 'producer:get_method_paged' : 'producer:get_method_once') }))}
      />
      <FormField label={t('producer:field_table_name')} errorKey={b.error('tableName')}>
        <div className={styles.line}>
          <ModelTableInput id={`${uid}-table`} value={tableName} onChange={(v) => b.set({ tableName: v })} onBlur={b.blur} label={t('producer:field_table_name')} />
          <Button disabled={viewOnly || loading || !dataSourceName || !tableName.trim()} onClick={() => void loadColumns()}>
            {t('producer:load_columns')}
          </Button>
        </div>
      </FormField>
      {columns.length > 0 && (
        <LabeledGroup label={t('producer:field_columns')}>
          <table className={styles.table} aria-label={t('producer:field_columns')}>
            <thead>
              <tr>
                <th className={styles.cell}>{t('producer:column_sync')}</th>
                <th className={styles.cell}>{t('producer:column_name')}</th>
              </tr>
            </thead>
            <tbody>
              {columns.map((c, i) => (
                <tr key={c.columnName}>
                  <td className={styles.cell}>
                    <Checkbox id={`${uid}-sync-${i}`} checked={c.synchStatus === '1'} disabled={viewOnly} aria-label={t('producer:column_sync_n', { name: c.columnName })} onChange={(_, d) => setSync(i, d.checked === true)} />
                  </td>
                  <td className={styles.cell}>
                    <Text>{c.columnName}</Text>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </LabeledGroup>
      )}
      <ModelText b={b} field="querySql" label={t('producer:field_query_sql')} required rows={5} />
      <FormField label="">
        <div className={styles.line}>
          <Button disabled={viewOnly || !tableName.trim()} onClick={() => b.set({ querySql: generatedQuery(tableName.trim(), columns) })}>
            {t('producer:generate_query')}
          </Button>
          {/* Preview runs read-only on the hub; allowed in view mode too. */}
          <Button disabled={!text(b.model, 'querySql').trim()} onClick={() => setPreview(true)}>
            {t('producer:preview_data')}
          </Button>
        </div>
      </FormField>
      <SqlPreviewDialog open={preview} onClose={() => setPreview(false)} dataSourceName={dataSourceName} querySql={text(b.model, 'querySql')} />
      <ModelText b={b} field="queryCondition" label={t('producer:field_query_condition')} rows={2} />
      {text(b.model, 'dataGetMethod') === PAGED_BY_SORT_FIELD && (
        <ModelText b={b} field="sortField" label={t('producer:field_sort_field')} required={isSqlServer(p.sourceKind)} hint={t('producer:sort_field_hint')} />
      )}
      <ModelText b={b} field="searchPageSize" label={t('producer:field_search_page_size')} hint={t('producer:search_page_size_hint')} />
      <SynchFields b={b} withStartTime />
      <ModelRadio b={b} field="batchGetData" label={t('producer:field_batch_get')} required options={byYesNo} onPick={(v) => b.set(onBatchGetChange(b.model, v))} />
      {text(b.model, 'batchGetData') === '1' && <ModelText b={b} field="everyBatchCount" label={t('producer:field_batch_count')} required />}
    </>
  )
}

function ModelTableInput({ id, value, onChange, onBlur, label }: { id: string; value: string; onChange: (v: string) => void; onBlur: () => void; label: string }) {
  const viewOnly = useViewOnly()
  return <Input id={id} value={value} disabled={viewOnly} aria-label={label} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} />
}
