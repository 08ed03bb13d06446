import * as contract from '../../../shared/contract/datahub/sqlTools'
import type { Column } from '../../../shared/contract/datahub/sqlTools'
import type { CallContext } from '../../http/context'
import { route } from '../../http/context'
import { fieldRefusal } from '../../http/validation'
import { parseJson } from '../rows'
import { producerRepository } from '../producerRepository'
import { datahubDb } from '../tables'
import { dataSourceRepository } from './dataSourceRepository'
import type { DataSourceRow } from './records'
import { datasourceDisabled, datasourceNotFound } from './refusals'
import { storedSpec } from './specs'
import { requireQuery } from './sql/guard'
import { sqlDriverFor } from './sql'
import { dataSourceDb } from './tables'

/** An enabled source by name: a disabled one is out of use, for the tools too. */
export async function usableSource(call: CallContext, name: string): Promise<DataSourceRow> {
  const row = await dataSourceRepository.byName(dataSourceDb(call.hub.store.db), name)
  if (!row) throw datasourceNotFound()
  if (row.status !== '1') throw datasourceDisabled({ name })
  return row
}

/** The name sent, else the producer's own (its dblink model's, then its basic field). */
async function sourceNameOf(call: CallContext, input: { datasourceName?: string | undefined; producerId?: string | undefined }): Promise<string> {
  if (input.datasourceName) return input.datasourceName
  if (input.producerId) {
    const producer = await producerRepository.dataSourceFields(datahubDb(call.hub.store.db), input.producerId)
    const models = parseJson<{ dbLinkRequestInfoModel?: { dataSourceName?: string } | null }>(producer?.models ?? '{}', {})
    const name = models?.dbLinkRequestInfoModel?.dataSourceName || producer?.data_source_name
    if (name) return name
  }
  // Spec §5: the SQL tools need a data source name, else an error.
  throw fieldRefusal('datasourceName', 'msg_sql_datasource_required')
}

/** Columns of a table or view on a named source (also the consumer's mapping, topicRead). */
export async function targetTableColumns(call: CallContext, dataSourceName: string, tableName: string): Promise<Column[]> {
  const source = await usableSource(call, dataSourceName)
  return sqlDriverFor(source.db_type).tableColumns(storedSpec(source, call), tableName)
}

/** Columns of a table or view, with their types, comments and primary-key flags. */
export const producerGetColumnsByDataSourceNameAndTableName = route(contract.producerGetColumnsByDataSourceNameAndTableName, async ({ dataSourceName, tableName }, call) =>
  targetTableColumns(call, dataSourceName, tableName),
)

/** Columns of a query's result, read from one row at most. */
export const producerGetColumnsByDataSourceNameAndSql = route(contract.producerGetColumnsByDataSourceNameAndSql, async (input, call) => {
  const source = await usableSource(call, await sourceNameOf(call, input))
  const driver = sqlDriverFor(source.db_type)
  const sql = requireQuery(input.querySql, driver.dialect)
  const preview = await driver.preview(storedSpec(source, call), sql, 1)
  return preview.columns.map((c): Column => ({ columnName: c.name, dataTypeName: c.type, desc: '', primaryKeyStatus: '0', synchStatus: '1' }))
})

/** Up to dataNum rows (1–10000) of a query, read-only and within the source's time limit. */
export const producerPreviewSqlData = route(contract.producerPreviewSqlData, async (input, call) => {
  const source = await usableSource(call, await sourceNameOf(call, input))
  const driver = sqlDriverFor(source.db_type)
  const sql = requireQuery(input.querySql, driver.dialect)
  return driver.preview(storedSpec(source, call), sql, input.dataNum)
})
