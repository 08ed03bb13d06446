import { describe, expect, it } from 'vitest'
import { inboxName } from './excelInbox'

describe('the name an uploaded workbook gets in the inbox', () => {
  it('keeps only a plain file name: no folders, nothing a run would skip as unfinished', () => {
    expect(inboxName('../../etc/orders.xlsx')).toBe('orders.xlsx')
    expect(inboxName('C:\\fakepath\\订单 2024.XLSX')).toBe('订单 2024.XLSX')
    expect(inboxName('.orders.xlsx')).toBe('orders.xlsx')
    expect(inboxName('~$orders.xls')).toBe('orders.xls')
    expect(inboxName('a:b|c?.xlsx')).toBe('a_b_c_.xlsx')
    // Nothing left but the extension: a name of ours.
    expect(inboxName('..xlsx')).toBe('workbook.xlsx')
    expect(inboxName('..xls')).toBe('workbook.xls')
  })

  it('shortens a long name, leaving room for " (n)" within 255 bytes', () => {
    const name = inboxName(`${'订'.repeat(120)}.xlsx`)
    expect(name).toBe(`${'订'.repeat(50)}.xlsx`)
    expect(Buffer.byteLength(name)).toBeLessThan(240)
  })
})
