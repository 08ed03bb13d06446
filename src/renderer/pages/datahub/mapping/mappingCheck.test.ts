import { describe, expect, it } from 'vitest'
import type { ConsumerResult } from '../../../../shared/contract/datahub/simulate'
import { checkableRows, marksOf, recordsOf } from './mappingCheck'

const cell = (column: string, value: string | number | null, found = true, problem: string | null = null) => ({
  column,
  source: column,
  value,
  kind: value === null ? ('null' as const) : ('text' as const),
  found,
  problem,
})
const result = (rows: ReturnType<typeof cell>[][]): ConsumerResult => ({
  consumerId: 'c1',
  applicationName: 'ERP',
  dataConsumeType: 'dblink',
  routingKey: 't',
  enabled: true,
  reached: true,
  postProcess: { status: 'ok', error: null, notes: [], enabled: false, type: 'Java', expression: '', output: null },
  delivery: { status: 'ok', error: null, notes: [], http: null, webService: null, dbLink: { dataSource: 'db', table: 't', compare: [], columnTypes: {}, rows, unmatched: [], duplicateKeys: [] } },
})

describe('check against sample rows', () => {
  it('reads preview rows as records and sends only rows with both names', () => {
    expect(recordsOf({ columns: [{ name: 'id', type: 'int' }, { name: 'name', type: 'text' }], rows: [[1, 'a'], [2, null]], truncated: false })).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: null },
    ])
    const rows = [
      { id: 1, sourceFieldName: 'id', targetFieldName: 'order_id' },
      { id: 2, sourceFieldName: ' ', targetFieldName: 'x' },
    ]
    expect(checkableRows(rows)).toEqual([rows[0]])
  })

  it('marks a column that fails in any sample message, and one empty in every sample row', () => {
    const sent = [
      { id: 7, sourceFieldName: 'id', targetFieldName: 'order_id' },
      { id: 8, sourceFieldName: 'phase', targetFieldName: 'stage' },
      { id: 9, sourceFieldName: 'name', targetFieldName: 'customer' },
    ]
    const marks = marksOf(sent, [
      result([[cell('order_id', 1), cell('stage', null, false), cell('customer', 'Ann')]]),
      result([[cell('order_id', 'x', true, 'integer holds whole numbers'), cell('stage', null, false), cell('customer', null)]]),
    ])
    expect([...marks]).toEqual([
      [7, { kind: 'fail', reason: 'integer holds whole numbers' }],
      [8, { kind: 'empty', reason: '' }],
    ])
    expect(marksOf(sent, [])).toEqual(new Map())
  })
})
