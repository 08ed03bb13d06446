import * as XLSX from 'xlsx'
import type { z } from 'zod'
import type { excelModelSchema } from '../../../shared/contract/datahub/producerModels'
import { MAPPING_EXCEL } from '../../../shared/contract/datahub/mappingFiles'
import type { CellValue } from '../../workbooks/parse'
import { readSheetValues } from '../../workbooks/read'
import { ExcelRefused, type WorkbookLimits } from '../../workbooks/refused'

type ExcelModel = z.output<typeof excelModelSchema>

/**
 * What an excel producer reads of one workbook: the upload limits of the field-mapping
 * workbooks (size, parts, unpacked size) and as many data rows.
 */
export const EXCEL_PRODUCER: WorkbookLimits & { maxBytes: number } = {
  maxBytes: MAPPING_EXCEL.maxBytes,
  maxEntries: MAPPING_EXCEL.maxEntries,
  maxUnpackedBytes: MAPPING_EXCEL.maxUnpackedBytes,
  maxRows: MAPPING_EXCEL.maxRows,
}

/** A sheet's layout, checked: 0-based header and first value rows, and the model-code cell if set. */
interface Layout {
  sheet: string
  headerRow: number
  valueRow: number
  codeCell: { r: number; c: number; address: string } | null
}

const settings = (what: string) => new ExcelRefused('msg_excel_settings', { what })

/** Spec excelModels[0]: sheetName, headerRowNum and valueStartRowNum (1-based), modelCodeCellIndex (like A1). */
export function layoutOf(model: ExcelModel | undefined): Layout {
  const sheet = String(model?.sheetName ?? '').trim()
  if (!sheet) throw settings('sheetName')
  const row = (value: unknown, name: string) => {
    const n = Number(String(value ?? '').trim())
    if (!Number.isInteger(n) || n < 1) throw settings(name)
    return n - 1
  }
  const headerRow = row(model?.headerRowNum, 'headerRowNum')
  const valueRow = row(model?.valueStartRowNum, 'valueStartRowNum')
  if (valueRow <= headerRow) throw settings('valueStartRowNum > headerRowNum')
  const address = String(model?.modelCodeCellIndex ?? '').trim().toUpperCase()
  if (address && !/^[A-Z]{1,3}[1-9]\d{0,6}$/.test(address)) throw settings('modelCodeCellIndex')
  return { sheet, headerRow, valueRow, codeCell: address ? { ...XLSX.utils.decode_cell(address), address } : null }
}

/**
 * The rows of a workbook's sheet as records keyed by the header row's names (every record has
 * every named column, '' where the cell is empty); rows with no value at all are skipped. Values
 * keep their type: a number cell is the number the workbook holds, a boolean a boolean, text is
 * trimmed text, and a date cell ISO 8601 text — a date, a time of day, or a date-time read in
 * `timeZone`, the hub's (workbooks/cellDates.ts) — the same from an .xlsx as from an .xls. The
 * model-code cell, when the producer names one, must hold the topic code — the layout an excel
 * consumer writes — so a workbook meant for another topic is refused, not delivered.
 * Parsed in a workbook worker thread; refusals are ExcelRefused.
 */
export async function workbookRecords(bytes: Uint8Array, layout: Layout, topicCode: string, timeZone: string): Promise<Record<string, CellValue>[]> {
  if (bytes.byteLength > EXCEL_PRODUCER.maxBytes) throw new ExcelRefused('msg_excel_producer_size', { max: EXCEL_PRODUCER.maxBytes / 1024 / 1024 })
  const texts = await readSheetValues(bytes, { limits: EXCEL_PRODUCER, sheet: layout.sheet, timeZone })
  if (texts.length - layout.valueRow > EXCEL_PRODUCER.maxRows) throw new ExcelRefused('msg_excel_producer_rows', { max: EXCEL_PRODUCER.maxRows })
  if (layout.codeCell) {
    const found = String(texts[layout.codeCell.r]?.[layout.codeCell.c] ?? '')
    if (found !== topicCode) throw new ExcelRefused('msg_excel_model_code', { cell: layout.codeCell.address, found, topicCode })
  }
  const header = texts[layout.headerRow] ?? []
  const columns: { index: number; name: string }[] = []
  const seen = new Set<string>()
  header.forEach((cell, index) => {
    const name = String(cell)
    if (!name) return
    if (seen.has(name)) throw new ExcelRefused('msg_excel_header_duplicate', { name })
    seen.add(name)
    columns.push({ index, name })
  })
  const records: Record<string, CellValue>[] = []
  for (const row of texts.slice(layout.valueRow)) {
    // 0 and false are values; only '' is an empty cell.
    if (!row || !columns.some((c) => (row[c.index] ?? '') !== '')) continue
    records.push(Object.fromEntries(columns.map((c) => [c.name, row[c.index] ?? ''])))
  }
  return records
}
