import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fieldMappingExcelUpload } from '../../src/shared/contract/datahub/mappingFiles'
import { importEndpoints } from '../../src/shared/contract/platform/admin/transfer'
import { minimalXlsxParts, zip } from '../integration/mappingFiles/workbooks'
import { slowestAnswerDuring, stallBudget } from '../support/eventLoop'
import { openTestHub, postFile, signIn, type TestHub } from '../support/hub'
import { createSqliteLocation, type StoreLocation } from '../support/stores'

/**
 * The workbook finding of the adversarial probe (issue 21): a 311 KB workbook cost ~2 GB to
 * parse. SheetJS turns every cell of a `<hyperlink ref>` range into an object (one
 * A1:XFD1048576 hyperlink is 17 billion cells), and one cell in column XFD made each row
 * 16,384 texts wide. Such a workbook must be refused before it is expanded, with the upload's
 * too-large message, while the hub keeps answering and its memory stays where it was.
 */

const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'

/** A minimal .xlsx whose first sheet is `sheet`. */
function xlsxWithSheet(sheet: string): Uint8Array {
  const parts = minimalXlsxParts([['a']])
  return zip([...parts.slice(0, -1), { name: 'xl/worksheets/sheet1.xml', data: sheet }])
}

/** Two cells, and hyperlinks over the whole sheet: a few kilobytes packed. */
const HYPERLINKED = xlsxWithSheet(
  `${SHEET_HEAD}<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>source</t></is></c><c r="B1" t="inlineStr"><is><t>target</t></is></c></row></sheetData>` +
    `<hyperlinks>${'<hyperlink ref="A1:XFD1048576" location="Sheet1!A1"/>'.repeat(1000)}</hyperlinks></worksheet>`,
)

/** 100,000 rows of one number each, in column XFD: ~0.5 MB packed, 1.6 billion texts if read row by row. */
const FAR_COLUMN = xlsxWithSheet(`${SHEET_HEAD}<sheetData>${Array.from({ length: 100_000 }, (_, i) => `<row r="${i + 1}"><c r="XFD${i + 1}"><v>1</v></c></row>`).join('')}</sheetData></worksheet>`)

let location: StoreLocation
let hub: TestHub
let token: string

beforeAll(async () => {
  location = await createSqliteLocation()
  hub = await openTestHub(location)
  token = await signIn(hub.app)
})
afterAll(async () => {
  await hub?.close()
  await location?.cleanup()
})

const health = () => hub.app.inject({ method: 'GET', url: '/api/health' })

/** The upload's answer, how the hub answered meanwhile, and how far the process's memory grew. */
async function attack(upload: () => Promise<{ body: { code: string; message: string } }>) {
  const budget = await stallBudget(health)
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  try {
    const answer = upload()
    const meanwhile = await slowestAnswerDuring(answer, health)
    return { body: (await answer).body, meanwhile, budget, grownMb: (peak - baseline) / 1024 / 1024 }
  } finally {
    clearInterval(sampler)
  }
}

describe('workbooks that expand past their size (issue 21)', () => {
  it('refuses a hyperlink range over the whole sheet before it is expanded; the hub answers meanwhile and its memory stays put', async () => {
    expect(HYPERLINKED.length).toBeLessThan(311 * 1024)
    const { body, meanwhile, budget, grownMb } = await attack(() => postFile(hub.app, fieldMappingExcelUpload, { name: 'links.xlsx', bytes: HYPERLINKED }, { token }))
    expect(body).toMatchObject({ code: '4130', message: 'Excel 文件解压后内容过大，已拒绝' })
    expect(meanwhile.answers).toBeGreaterThan(0)
    expect(meanwhile.slowestMs).toBeLessThan(budget)
    // Expanding it took the worker's whole heap (2 GB) before; refused, it costs next to nothing.
    expect(grownMb).toBeLessThan(400)
  })

  it('refuses a sheet whose rows reach column XFD when every column is read (an admin import)', async () => {
    const { body, grownMb } = await attack(() => postFile(hub.app, importEndpoints.role, { name: 'far.xlsx', bytes: FAR_COLUMN }, { token, locale: 'en' }))
    expect(body.code).toBe('4001')
    expect(body.message).toBe('The Excel file unpacks to too much data and was refused')
    expect(grownMb).toBeLessThan(400)
    // The hub still serves an ordinary upload.
    const fine = await postFile(hub.app, fieldMappingExcelUpload, { name: 'ok.xlsx', bytes: zip(minimalXlsxParts([['sourceFieldName', 'targetFieldName'], ['a', 'A']])) }, { token })
    expect(fine.body.code).toBe('2000')
  })
})
