import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAPPING_EXCEL } from '../../shared/contract/datahub/mappingFiles'
import { sheetTexts, sheetValues } from './parse'

/** Workbooks LibreOffice wrote (tests/fixtures/workbooks/README.md says how). */
const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, '../../../tests/fixtures/workbooks', name)))
const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    return (err as { messageKey?: string }).messageKey
  }
  return null
}

describe('sheet values of workbooks LibreOffice wrote', () => {
  const expected = [
    // The model-code cell, as an excel consumer writes it.
    ['excel.orders'],
    ['id', 'customer', 'orderDate', 'placedAt', 'pickupTime', 'dueDate', 'amount', 'paid'],
    // LibreOffice keeps booleans as the numbers 1 and 0, in both formats.
    [1, '张三', '2026-11-30', '2026-11-30T12:30:00+08:00', '08:15:30', '2027-01-15', 1234.5, 1],
    [2, 'Li Si', '2026-12-01', '2026-12-01T23:59:59.250+08:00', '00:00:00', '1900-03-01', 0.1, 0],
    [3, '', '2024-02-29', '2026-06-30T00:00:00+08:00', '17:45:00', '', -42],
  ]

  it.each(['orders.xlsx', 'orders.xls', 'orders-1904.xlsx', 'orders-1904.xls'])('%s: dates as ISO text in the hub’s zone, numbers as numbers, the sheet found in any letter case', (name) => {
    expect(sheetValues(fixture(name), MAPPING_EXCEL, { sheet: 'orders', timeZone: 'Asia/Shanghai' })).toEqual(expected)
  })

  it('reads date-times in the zone it is given', () => {
    const rows = sheetValues(fixture('orders.xls'), MAPPING_EXCEL, { sheet: 'ORDERS', timeZone: 'Europe/Berlin' })
    expect(rows.slice(1).map((r) => r[3])).toEqual(['placedAt', '2026-11-30T12:30:00+01:00', '2026-12-01T23:59:59.250+01:00', '2026-06-30T00:00:00+02:00'])
  })

  it('finds the first sheet when none is named, and refuses a name no sheet has in any case', () => {
    expect(sheetTexts(fixture('orders.xlsx'), MAPPING_EXCEL)).toEqual([['The orders are on the next sheet.']])
    expect(sheetTexts(fixture('orders.xls'), MAPPING_EXCEL, { sheet: 'nOtEs' })).toEqual([['The orders are on the next sheet.']])
    for (const name of ['orders.xlsx', 'orders.xls']) expect(refusal(() => sheetTexts(fixture(name), MAPPING_EXCEL, { sheet: 'Order' }))).toBe('msg_excel_sheet_missing')
  })
})
