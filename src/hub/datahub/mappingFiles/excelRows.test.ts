import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mappingImportOf } from './excelRows'

/** Mapping workbooks LibreOffice wrote (tests/fixtures/workbooks/README.md says how), each as .xlsx and .xls. */
const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, '../../../../tests/fixtures/workbooks', name)))
const pair = (sourceFieldName: string, targetFieldName: string) => ({ sourceFieldName, targetFieldName })

describe.each(['xlsx', 'xls'])('mapping rows of a LibreOffice .%s', (ext) => {
  it('leaves out an English header in its own spelling, and says so with every other row it skipped', async () => {
    expect(await mappingImportOf(fixture(`mapping-en.${ext}`))).toEqual({
      rows: [pair('user_id', 'USER_ID'), pair('user_name', 'USER_NAME'), pair('42', 'F42')],
      skipped: [
        { row: 1, sourceFieldName: 'Source Field', targetFieldName: 'Target Field', reason: 'header' },
        { row: 4, sourceFieldName: 'user_name', targetFieldName: 'USER_NAME', reason: 'duplicate' },
        { row: 5, sourceFieldName: '', targetFieldName: 'ORPHAN', reason: 'incomplete' },
        { row: 7, sourceFieldName: 'no_target', targetFieldName: '', reason: 'incomplete' },
      ],
      skippedTotal: 4,
    })
  })

  it('leaves out a Chinese header (源字段/目标字段), and From/To below a blank first row', async () => {
    expect(await mappingImportOf(fixture(`mapping-zh.${ext}`))).toEqual({
      rows: [pair('order_no', 'ORDER_NO'), pair('amount', 'AMOUNT')],
      skipped: [{ row: 1, sourceFieldName: '源字段', targetFieldName: '目标字段', reason: 'header' }],
      skippedTotal: 1,
    })
    expect(await mappingImportOf(fixture(`mapping-from-to.${ext}`))).toEqual({
      rows: [pair('created_at', 'CREATED_AT')],
      skipped: [{ row: 2, sourceFieldName: 'FROM', targetFieldName: 'To:', reason: 'header' }],
      skippedTotal: 1,
    })
  })

  it('keeps a first row of field names, and header words below the first row, as mappings', async () => {
    expect(await mappingImportOf(fixture(`mapping-no-header.${ext}`))).toEqual({ rows: [pair('source_id', 'target_id'), pair('from', 'to')], skipped: [], skippedTotal: 0 })
  })
})
