import { parseFieldMappings } from '../../../shared/rules/datahub/mapping'
import { reasonOf as driverReason } from '../../datahub/dataSources/connect/types'
import { dataSourceByName } from '../../datahub/dataSources/records'
import { sourceSpec } from '../../datahub/dataSources/specs'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import type { DbLinkPools } from './dbLinkPools'
import { targetRows } from './dbLinkRows'
import { writeMysql, writePostgres, writeSqlite, type WriteRequest } from './dbLinkWriters'
import { DeliveryError, settingMissing, type DeliveryJob } from './types'
import type { ConnectionSpec } from '../../datahub/dataSources/connect/types'

const WRITERS: Record<string, (spec: ConnectionSpec, req: WriteRequest) => Promise<void>> = {
  postgresql: writePostgres,
  mysql: writeMysql,
  mariadb: writeMysql,
  sqlite: writeSqlite,
}

/**
 * dblink consumers: the message's records go into targetTableName of the consumer's data source
 * (datasourceName; PostgreSQL, MySQL / MariaDB or SQLite), through the field mappings (the
 * dblink model's fieldMappings, else the consumer's own). With isUpdateRecord '1', compareField
 * (one column, or several separated by commas) finds the row to update; no match inserts. The
 * write goes through the worker's pool of connections to that source (`pools`).
 */
export async function deliverDbLink(job: DeliveryJob, pools: DbLinkPools): Promise<void> {
  const model = job.consumer.dbLinkRequestInfoModel
  const table = model?.targetTableName?.trim() ?? ''
  if (!table) throw settingMissing('target table')
  const sourceName = job.consumer.datasourceName.trim()
  if (!sourceName) throw settingMissing('data source')
  const mappings = parseFieldMappings(model?.fieldMappings?.trim() ? model.fieldMappings : job.consumer.fieldMappings)
  if (mappings === null) throw new DeliveryError('the consumer\'s field mappings are not a mapping list', true)
  const compare = model?.isUpdateRecord === '1' ? (model.compareField ?? '').split(',').map((c) => c.trim()).filter(Boolean) : []
  if (model?.isUpdateRecord === '1' && compare.length === 0) throw settingMissing('compare field (needed to update records)')
  const rows = targetRows(job.payload.text, mappings)

  const { source, spec, write, password } = await relationalTarget(job.hub, sourceName)
  try {
    await pools.write(source, spec, { table, rows, compare }, write)
  } catch (err) {
    if (err instanceof DeliveryError) throw err
    throw new DeliveryError(`writing into ${table} of '${sourceName}' failed: ${driverReason(err, password)}`)
  }
}

/** A relational data source by name, ready to be written to (on a connection of its own); refusals are permanent DeliveryErrors. */
export async function relationalTarget(
  hub: DeliveryJob['hub'],
  sourceName: string,
): Promise<{ source: { id: string; version: number }; spec: ConnectionSpec; write: (spec: ConnectionSpec, req: WriteRequest) => Promise<void>; password: string }> {
  const source = await dataSourceByName(dataSourceDb(hub.store.db), sourceName)
  if (!source) throw new DeliveryError(`the data source '${sourceName}' does not exist`, true)
  const write = WRITERS[source.db_type]
  if (!write) throw new DeliveryError(`the data source '${sourceName}' is ${source.db_type}; the hub writes to PostgreSQL, MySQL / MariaDB and SQLite`, true)
  const spec = sourceSpec(source, hub)
  const password = spec.password
  return { source: { id: source.id, version: Number(source.version) }, spec, write, password }
}
