import type { Consumer } from '../../../shared/contract/datahub/consumer'
import { parseFieldMappings, type FieldMappingRow } from '../../../shared/rules/datahub/mapping'
import { dataSourceByName } from '../../datahub/dataSources/records'
import { sourceSpec } from '../../datahub/dataSources/specs'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import type { DbLinkThread } from './dbLinkThread'
import { WRITERS, type WriteRequest } from './dbLinkWriters'
import type { DeliveryJob } from './types'
import { DeliveryError, settingMissing } from '../../kernel/deliveryError'
import type { ConnectionSpec } from '../../datahub/dataSources/connect/types'
import { keyed } from '../../text/keyedText'

/**
 * dblink consumers: the message's records go into targetTableName of the consumer's data source
 * (datasourceName; PostgreSQL, MySQL / MariaDB or SQLite), through the field mappings (the
 * dblink model's fieldMappings, else the consumer's own). With isUpdateRecord '1', compareField
 * (one column, or several separated by commas) finds the row to update; no match inserts. The
 * rows are made and written on the delivery worker's dblink thread, through its pool of
 * connections to that source.
 */
export async function deliverDbLink(job: DeliveryJob, thread: DbLinkThread, poolSize: number): Promise<void> {
  const { table, sourceName, mappings, compare } = dbLinkSettings(job.consumer)

  const { source, spec } = await relationalTarget(job.hub, sourceName)
  // The rows are made from the text and written on the dblink thread (dbLinkThread.ts).
  const { pinHostKey: _, ...plainSpec } = spec
  await thread.write({ source: { ...source, name: sourceName }, spec: plainSpec, table, compare, mappings, payloadText: job.payload.text, poolSize })
}

/** What a dblink consumer's settings say about its writes, checked; the flow simulator reads them too. */
export interface DbLinkSettings {
  table: string
  sourceName: string
  mappings: FieldMappingRow[]
  /** The columns that find the row to update (isUpdateRecord '1'); empty: insert only. */
  compare: string[]
}

/**
 * The consumer's target table, data source, field mappings (the dblink model's, else its own;
 * `mappingsText` instead when given: the mapping editor's unsaved table) and compare fields.
 * Throws the permanent DeliveryError a try would end with.
 */
export function dbLinkSettings(consumer: Consumer, mappingsText?: string): DbLinkSettings {
  const model = consumer.dbLinkRequestInfoModel
  const table = model?.targetTableName?.trim() ?? ''
  if (!table) throw settingMissing('msg_exchange_setting_target_table')
  const sourceName = consumer.datasourceName.trim()
  if (!sourceName) throw settingMissing('msg_exchange_setting_data_source')
  const mappings = parseFieldMappings(mappingsText ?? (model?.fieldMappings?.trim() ? model.fieldMappings : consumer.fieldMappings))
  if (mappings === null) throw new DeliveryError(keyed('msg_exchange_mappings_not_list'), true)
  const compare = model?.isUpdateRecord === '1' ? (model.compareField ?? '').split(',').map((c) => c.trim()).filter(Boolean) : []
  if (model?.isUpdateRecord === '1' && compare.length === 0) throw settingMissing('msg_exchange_setting_compare_field')
  return { table, sourceName, mappings, compare }
}

/** A relational data source by name, ready to be written to (on a connection of its own); refusals are permanent DeliveryErrors. */
export async function relationalTarget(
  hub: DeliveryJob['hub'],
  sourceName: string,
): Promise<{ source: { id: string; version: number }; dbType: string; spec: ConnectionSpec; write: (spec: ConnectionSpec, req: WriteRequest) => Promise<void>; password: string }> {
  const source = await dataSourceByName(dataSourceDb(hub.store.db), sourceName)
  if (!source) throw new DeliveryError(keyed('msg_exchange_source_missing', { name: sourceName }), true)
  const write = WRITERS[source.db_type]
  if (!write) throw new DeliveryError(keyed('msg_exchange_dblink_unsupported', { name: sourceName, type: source.db_type }), true)
  const spec = sourceSpec(source, hub)
  const password = spec.password
  return { source: { id: source.id, version: Number(source.version) }, dbType: source.db_type, spec, write, password }
}
