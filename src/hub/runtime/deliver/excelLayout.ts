import * as XLSX from 'xlsx'
import { EXCEL_MAX_ROWS } from '../settings'
import { isExactNumber, parseExact, stringifyExact } from '../json/exact'
import type { DeliveryJob } from './types'
import { DeliveryError, settingMissing } from '../../kernel/deliveryError'
import { keyed } from '../../text/keyedText'
import type { MessageKey } from '../../../../locales'

/** Where an excel consumer's rows go in a sheet (excelModels[0], as an excel producer reads one). */
export interface SheetLayout {
  sheetName: string
  /** 1-based row numbers, as the settings give them. */
  headerRow: number
  valueRow: number
  /** The cell the topic code goes in, such as A1. */
  codeCell: string
}

const rowNumber = (text: string | number | undefined, what: MessageKey): number => {
  const n = Number(String(text ?? '').trim())
  if (!Number.isInteger(n) || n < 1 || n > EXCEL_MAX_ROWS) throw settingMissing(what)
  return n
}

/** The consumer's sheet settings; a missing or unusable one ends the delivery (permanent). */
export function layoutOf(job: DeliveryJob): SheetLayout {
  const model = job.consumer.excelModels?.[0]
  // Excel's own limit on a sheet's name.
  const sheetName = String(model?.sheetName ?? '').trim().slice(0, 31)
  if (!sheetName) throw settingMissing('msg_exchange_setting_sheet_name')
  const headerRow = rowNumber(model?.headerRowNum, 'msg_exchange_setting_header_row')
  const valueRow = rowNumber(model?.valueStartRowNum, 'msg_exchange_setting_value_row')
  if (valueRow <= headerRow) throw new DeliveryError(keyed('msg_exchange_excel_value_row'), true)
  const codeCell = String(model?.modelCodeCellIndex ?? '').trim().toUpperCase()
  if (!/^[A-Z]{1,3}[1-9]\d{0,6}$/.test(codeCell)) throw settingMissing('msg_exchange_setting_code_cell')
  return { sheetName, headerRow, valueRow, codeCell }
}

/** The message's records: a JSON list of objects, or one object. */
export function recordsOf(job: DeliveryJob): Record<string, unknown>[] {
  if (job.payload.format !== 'json') throw new DeliveryError(keyed('msg_exchange_excel_not_json'), true)
  let data: unknown
  try {
    data = parseExact(job.payload.text)
  } catch {
    throw new DeliveryError(keyed('msg_exchange_excel_not_json'), true)
  }
  const list = Array.isArray(data) ? data : [data]
  if (!list.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) throw new DeliveryError(keyed('msg_exchange_excel_not_objects'), true)
  return list as Record<string, unknown>[]
}

/** A message too long for any sheet under the row limit: no roll-over can help. */
export function checkFits(layout: SheetLayout, records: number, rowLimit: number): void {
  if (layout.valueRow - 1 + records > rowLimit) throw new DeliveryError(keyed('msg_exchange_excel_too_many', { count: records, from: layout.valueRow, to: rowLimit }), true)
}

/** A number no double holds (a 64-bit id, a long amount) goes in as its digits: a number cell would round it. */
const cellText = (v: unknown): string | number | boolean =>
  v === null || v === undefined ? '' : isExactNumber(v) ? v.value : typeof v === 'object' ? stringifyExact(v) : (v as string | number | boolean)

/** The topic code in the model-code cell; written after the rows, so it wins where they meet (as it always did). */
export function stampTopic(sheet: XLSX.WorkSheet, layout: SheetLayout, topicCode: string): void {
  XLSX.utils.sheet_add_aoa(sheet, [[topicCode]], { origin: layout.codeCell })
}

/** The field names on the sheet's header row, left to right up to the last one. */
function headerOf(sheet: XLSX.WorkSheet, layout: SheetLayout): string[] {
  if (!sheet['!ref']) return []
  const { e } = XLSX.utils.decode_range(sheet['!ref'])
  const names: string[] = []
  for (let c = 0; c <= e.c; c++) {
    const cell = sheet[XLSX.utils.encode_cell({ r: layout.headerRow - 1, c })] as XLSX.CellObject | undefined
    names.push(cell?.v === undefined ? '' : String(cell.v))
  }
  while (names.length > 0 && names[names.length - 1] === '') names.pop()
  return names
}

/**
 * Writes the records from `firstRow` on, one per row under the header's field names; fields the
 * header lacks are added to its right, in the order the records first name them (so a sheet
 * that rows are appended to keeps every earlier column where it was).
 */
export function writeRecords(sheet: XLSX.WorkSheet, layout: SheetLayout, records: readonly Record<string, unknown>[], firstRow: number): void {
  const header = headerOf(sheet, layout)
  const known = new Set(header)
  for (const field of records.flatMap((r) => Object.keys(r))) {
    if (known.has(field)) continue
    known.add(field)
    header.push(field)
  }
  XLSX.utils.sheet_add_aoa(sheet, [header], { origin: { r: layout.headerRow - 1, c: 0 } })
  if (records.length > 0) XLSX.utils.sheet_add_aoa(sheet, records.map((r) => header.map((f) => cellText(r[f]))), { origin: { r: firstRow - 1, c: 0 } })
}

export const xlsxBytes = (book: XLSX.WorkBook): Buffer => XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer

/** A file-name part from the topic code: no path separators, no leading dot. */
export const topicPart = (topicCode: string) => topicCode.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '')
