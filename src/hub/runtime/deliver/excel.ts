import * as XLSX from 'xlsx'
import { fileNames, writeFileInto } from './file'
import { DeliveryError, settingMissing, type DeliveryJob } from './types'

/** Excel's own limits: rows start at 1, and a sheet holds at most this many. */
const MAX_ROWS = 1_048_576

/** The message's records: a JSON list of objects, or one object. */
function recordsOf(job: DeliveryJob): Record<string, unknown>[] {
  if (job.payload.format !== 'json') throw new DeliveryError('excel consumers write JSON records; this message is not JSON', true)
  let data: unknown
  try {
    data = JSON.parse(job.payload.text)
  } catch {
    throw new DeliveryError('excel consumers write JSON records; this message is not JSON', true)
  }
  const list = Array.isArray(data) ? data : [data]
  if (!list.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) throw new DeliveryError('excel consumers write JSON records (objects); this message holds something else', true)
  return list as Record<string, unknown>[]
}

const rowNumber = (text: string | number | undefined, what: string): number => {
  const n = Number(String(text ?? '').trim())
  if (!Number.isInteger(n) || n < 1 || n > MAX_ROWS) throw settingMissing(what)
  return n
}

const cellText = (v: unknown): string | number | boolean => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean))

/**
 * The workbook of one message, laid out as an excel producer reads one (excelModels[0]): the
 * topic code in the model-code cell (e.g. A1), the field names on the header row, one record per
 * row from the value start row on. Fields appear in the order the records first name them.
 */
export function workbookOf(job: DeliveryJob): Buffer {
  const model = job.consumer.excelModels?.[0]
  const sheetName = String(model?.sheetName ?? '').trim()
  if (!sheetName) throw settingMissing('sheet name')
  const headerRow = rowNumber(model?.headerRowNum, 'header row number')
  const valueRow = rowNumber(model?.valueStartRowNum, 'value start row number')
  if (valueRow <= headerRow) throw new DeliveryError('the value start row must come after the header row', true)
  const codeCell = String(model?.modelCodeCellIndex ?? '').trim().toUpperCase()
  if (!/^[A-Z]{1,3}[1-9]\d{0,6}$/.test(codeCell)) throw settingMissing('model code cell (such as A1)')
  const records = recordsOf(job)
  if (valueRow - 1 + records.length > MAX_ROWS) throw new DeliveryError(`${records.length} records do not fit in one sheet`, true)
  const fields = [...new Set(records.flatMap((r) => Object.keys(r)))]
  const sheet = XLSX.utils.aoa_to_sheet([])
  XLSX.utils.sheet_add_aoa(sheet, [fields], { origin: { r: headerRow - 1, c: 0 } })
  XLSX.utils.sheet_add_aoa(sheet, records.map((r) => fields.map((f) => cellText(r[f]))), { origin: { r: valueRow - 1, c: 0 } })
  XLSX.utils.sheet_add_aoa(sheet, [[job.topicCode]], { origin: codeCell })
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31))
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
}

/**
 * excel consumers: each message becomes one .xlsx workbook (workbookOf) in the base folder of the
 * consumer's file location (the excel model has no folder of its own), named topic code + '_' +
 * timestamp, written atomically like a file consumer's files.
 */
export async function deliverExcel(job: DeliveryJob): Promise<void> {
  if (!job.consumer.datasourceName.trim()) throw settingMissing('data source (a file location)')
  const content = workbookOf(job)
  const prefix = `${job.topicCode.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '')}_`
  await writeFileInto(job, '/', content, (where) => fileNames(where, '1', prefix, '.xlsx'))
}
