import type { Consumer } from '../../../shared/contract/datahub/consumer'
import type { Column } from '../../../shared/contract/datahub/sqlTools'
import type { DeliveryPreview, StepNote } from '../../../shared/contract/datahub/simulate'
import { targetTableColumns } from '../../datahub/dataSources/sqlToolHandlers'
import type { CallContext } from '../../http/context'
import { dbLinkSettings, relationalTarget } from '../deliver/dbLink'
import { mappedRecords, writtenValue } from '../deliver/dbLinkRows'
import { isExactNumber } from '../json/exact'
import type { Payload } from '../engines/payload'
import { cannotHold } from './columnFit'
import { existingKeys, type KeyValues } from './existingKeys'

type Cell = NonNullable<DeliveryPreview['dbLink']>['rows'][number][number]

/**
 * The rows a dblink consumer would write for this message: its settings and data source checked
 * as a delivery checks them (dbLinkSettings, relationalTarget: the hub's store only), the records
 * mapped by the delivery's own mappedRecords, each cell with its kind and whether its source field
 * was there. With `readColumns` the target table's columns are read (a read-only query on the
 * data source) and each value is checked against its column's type. Nothing is written.
 */
export async function dbLinkRowsPreview(
  call: CallContext,
  consumer: Consumer,
  payload: Payload,
  options: { mappingsText?: string; readColumns: boolean },
): Promise<{ dbLink: NonNullable<DeliveryPreview['dbLink']>; notes: StepNote[]; columnsFailure: unknown }> {
  const settings = dbLinkSettings(consumer, options.mappingsText)
  const target = await relationalTarget(call.hub, settings.sourceName)
  const records = mappedRecords(payload.text, settings.mappings)
  let columns: Column[] | null = null
  let columnsFailure: unknown = null
  // The rows are worth showing even when the table's columns cannot be read: that failure is the step's error.
  if (options.readColumns) columns = await targetTableColumns(call, settings.sourceName, settings.table).catch((err: unknown) => ((columnsFailure = err), null))
  const byName = new Map((columns ?? []).map((c) => [c.columnName.toLowerCase(), c]))

  const rows = records.map((cells) => cells.map((c): Cell => ({ ...shownValue(c.value), column: c.column, source: c.source, found: c.found, problem: columns ? problemOf(byName, c.column, writtenValue(c.value)) : null })))
  const unmatched = settings.mappings.map((m) => m.sourceFieldName).filter((_, i) => records.length > 0 && records.every((cells) => !cells[i]!.found))
  // Inserting only, into a table whose key is read: a record whose key the table already holds will fail.
  let duplicateKeys: string[] = []
  if (columns && settings.compare.length === 0) {
    // Could not be asked (the connection went): nothing is claimed either way.
    duplicateKeys = await keysAlreadyThere(target, settings.table, columns, records).catch(() => [])
  }
  const notes: StepNote[] = []
  if (duplicateKeys.length > 0) notes.push('duplicateKey')
  if (rows.some((r) => r.some((c) => !c.found))) notes.push('noSourceField')
  if (rows.some((r) => r.some((c) => c.problem !== null))) notes.push('typeMismatch')
  return {
    dbLink: {
      dataSource: settings.sourceName,
      table: settings.table,
      compare: settings.compare,
      columnTypes: Object.fromEntries((columns ?? []).map((c) => [c.columnName, c.dataTypeName])),
      rows,
      unmatched: [...new Set(unmatched)],
      duplicateKeys,
    },
    notes,
    columnsFailure,
  }
}

/**
 * The keys (`order_id=7`) of the records whose primary key the table already has. Only when the
 * insert writes every key column: a key the table fills itself (a serial id) cannot collide.
 */
async function keysAlreadyThere(target: { dbType: string; spec: Parameters<typeof existingKeys>[1] }, table: string, columns: Column[], records: ReturnType<typeof mappedRecords>): Promise<string[]> {
  const keyColumns = columns.filter((c) => c.primaryKeyStatus === '1').map((c) => c.columnName.toLowerCase())
  if (keyColumns.length === 0 || records.length === 0) return []
  const keys = records.map((cells) => keyColumns.map((k) => cells.find((c) => c.column.toLowerCase() === k && c.found)))
  if (!keys.every((key) => key.every((c) => c !== undefined))) return []
  const values: KeyValues[] = keys.map((key) => key.map((c) => [c!.column, writtenValue(c!.value)]))
  const found = await existingKeys(target.dbType, target.spec, table, values)
  return values.filter((_, i) => found[i]).map((key) => key.map(([c, v]) => `${c}=${String(shownValue(v).value)}`).join(', '))
}

function problemOf(columns: Map<string, Column>, column: string, value: unknown): string | null {
  const target = columns.get(column.toLowerCase())
  if (!target) return `the table has no column ${column}`
  return cannotHold(target.dataTypeName, value, target.primaryKeyStatus === '1')
}

/** A written value as the wire carries it (the driver binds numbers, booleans, text and NULL). */
function shownValue(value: unknown): Pick<Cell, 'value' | 'kind'> {
  if (value === null || value === undefined) return { value: null, kind: 'null' }
  if (typeof value === 'number') return { value, kind: 'number' }
  // A number no double holds: its digits, shown as the number it is.
  if (isExactNumber(value)) return { value: value.value, kind: 'number' }
  if (typeof value === 'boolean') return { value, kind: 'boolean' }
  return { value: String(value), kind: 'text' }
}
