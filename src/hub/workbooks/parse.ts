import * as XLSX from 'xlsx'
import { dateKindOf, serialText, type DateKind, type DateSystem } from './cellDates'
import { checkDeclaredCells, MAX_DECLARED_CELLS } from './declaredCells'
import { ExcelRefused, type WorkbookLimits } from './refused'
import { unpackZip, ZipRefused } from './zipParts'

/** The parse itself, run in a workbook worker (workbookWorker.ts; read.ts is the hub's side). */

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const startsWith = (bytes: Uint8Array, magic: number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)

/** What the file holds, by its first bytes: the extension alone says nothing about the content. */
function spreadsheetKind(bytes: Uint8Array): 'zip' | 'ole' | null {
  if (startsWith(bytes, ZIP_MAGIC)) return 'zip'
  if (startsWith(bytes, OLE_MAGIC)) return 'ole'
  return null
}

/**
 * Only what the callers need: one sheet's values (the first, or the one named), in dense storage, without formulas,
 * styles or formatted text, and no further than one row past the limit (so an overlong sheet is
 * recognised without reading all of it). Number formats only when values are wanted: they say
 * which numbers are dates (cellDates.ts).
 */
const readOptions = (limits: WorkbookLimits, sheet: string | undefined, formats: boolean): XLSX.ParsingOptions => ({
  dense: true,
  sheets: sheet ?? 0,
  sheetRows: limits.maxRows + 2,
  cellFormula: false,
  cellHTML: false,
  cellText: false,
  cellNF: formats,
  cellStyles: false,
  cellDates: false,
  bookVBA: false,
})

// Not in the typings, but part of SheetJS's exported API: parses an already unpacked container.
const parseZip = (XLSX as unknown as { parse_zip(container: unknown, opts: XLSX.ParsingOptions): XLSX.WorkBook }).parse_zip
const CFB = XLSX.CFB as {
  utils: { cfb_new(): unknown; cfb_add(container: unknown, name: string, content: Uint8Array, opts: { unsafe: boolean }): void }
}

/**
 * An .xlsx goes through our own zip reader (zipParts.ts: limits checked on the directory before
 * anything is inflated, each part inflated no further than its declared size) and SheetJS only
 * parses the unpacked parts; an .xls (an OLE container, never compressed) goes to SheetJS whole.
 */
function readWorkbook(bytes: Uint8Array, limits: WorkbookLimits, sheet: string | undefined, formats: boolean): XLSX.WorkBook {
  const kind = spreadsheetKind(bytes)
  if (!kind) throw new ExcelRefused('msg_mapping_excel_invalid')
  if (kind === 'ole') return XLSX.read(bytes, { ...readOptions(limits, sheet, formats), type: 'buffer' })
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const parts = unpackZip(buffer, limits)
  checkDeclaredCells(parts)
  const container = CFB.utils.cfb_new()
  for (const part of parts) CFB.utils.cfb_add(container, part.name, part.bytes, { unsafe: true })
  return parseZip(container, readOptions(limits, sheet, formats))
}

const cellText = (cell: XLSX.CellObject | undefined): string => {
  if (!cell || cell.t === 'e' || cell.t === 'z' || cell.v === undefined || cell.v === null) return ''
  return String(cell.v).trim()
}

/** A cell as a message carries it: text (trimmed), a number, a boolean, a date as ISO text (cellDates.ts), '' when empty. */
export type CellValue = string | number | boolean

const kinds = new Map<string, DateKind | null>()
const kindOf = (format: string) => {
  let kind = kinds.get(format)
  if (kind === undefined) kinds.set(format, (kind = dateKindOf(format)))
  return kind
}

const cellValue = (cell: XLSX.CellObject | undefined, system: DateSystem): CellValue => {
  if (!cell) return ''
  if (cell.t === 'n' && typeof cell.v === 'number') {
    const kind = typeof cell.z === 'string' ? kindOf(cell.z) : null
    return (kind && serialText(cell.v, kind, system)) ?? cell.v
  }
  if (cell.t === 'b' && typeof cell.v === 'boolean') return cell.v
  return cellText(cell)
}

/** Which sheet to read, and how much of each row. */
export interface SheetChoice {
  /** Only this many cells of each row. */
  columns?: number | undefined
  /** The sheet's name (any letter case, as Excel finds it); the first sheet when absent. */
  sheet?: string | undefined
}

/**
 * The sheet of that name: the one spelt so, else the one that differs only in letter case, as
 * Excel names sheets ("Orders" is found for "orders"; Excel allows no two names that differ so).
 * toLowerCase, as SheetJS itself compares when it picks the sheet to parse out of an .xlsx.
 */
function sheetNamed(book: XLSX.WorkBook, name: string): XLSX.WorkSheet | undefined {
  const parsed = book.SheetNames.filter((n) => book.Sheets[n])
  const found = parsed.find((n) => n === name) ?? parsed.find((n) => n.toLowerCase() === name.toLowerCase())
  return found === undefined ? undefined : book.Sheets[found]
}

/** The sheet's rows of cells, each cut to `columns`, and the workbook's date system. */
function sheetCells(bytes: Uint8Array, limits: WorkbookLimits, { columns, sheet }: SheetChoice, formats: boolean): { rows: (XLSX.CellObject | undefined)[][]; date1904: boolean } {
  let book: XLSX.WorkBook
  try {
    book = readWorkbook(bytes, limits, sheet, formats)
  } catch (err) {
    if (err instanceof ExcelRefused) throw err
    if (err instanceof ZipRefused) throw new ExcelRefused(err.messageKey, { max: limits.maxEntries })
    // SheetJS says so for files saved with a password to open.
    if (err instanceof Error && /password|encrypt/i.test(err.message)) throw new ExcelRefused('msg_mapping_excel_encrypted')
    throw new ExcelRefused('msg_mapping_excel_invalid')
  }
  const first = book.SheetNames[0]
  const found = sheet !== undefined ? sheetNamed(book, sheet) : first === undefined ? undefined : book.Sheets[first]
  if (sheet !== undefined && !found) throw new ExcelRefused('msg_excel_sheet_missing', { sheet })
  const data = found ? ((found['!data'] ?? []) as (XLSX.CellObject[] | undefined)[]) : []
  const width = (row: XLSX.CellObject[] | undefined) => (row ? Math.min(row.length, columns ?? row.length) : 0)
  // A row is as wide as its last cell: one cell in column XFD makes 16,384 texts. The rows
  // together may not hold more than a workbook may declare (and the answer crosses threads).
  let cells = 0
  for (const row of data) if ((cells += width(row)) > MAX_DECLARED_CELLS) throw new ExcelRefused('msg_mapping_excel_unpacked_size')
  // Array.from, not map: SheetJS leaves holes for empty rows (and cells), and a hole is no row at all to map.
  const rows = Array.from(data, (row) => Array.from({ length: width(row) }, (_, c) => row![c]))
  return { rows, date1904: !!book.Workbook?.WBProps?.date1904 }
}

/**
 * One sheet of a workbook as trimmed texts, row by row (an empty row is an empty list), each
 * row cut to `columns` cells when given. At most limits.maxRows + 2 rows are read. A sheet
 * named but not in the workbook is refused.
 */
export function sheetTexts(bytes: Uint8Array, limits: WorkbookLimits, choice: SheetChoice = {}): string[][] {
  return sheetCells(bytes, limits, choice, false).rows.map((row) => row.map(cellText))
}

/**
 * The same sheet as values (CellValue): numbers stay the numbers the workbook holds, booleans
 * booleans, and dates become ISO 8601 text with date-times read in `timeZone` (cellDates.ts).
 */
export function sheetValues(bytes: Uint8Array, limits: WorkbookLimits, choice: SheetChoice & { timeZone: string }): CellValue[][] {
  const { rows, date1904 } = sheetCells(bytes, limits, choice, true)
  const system = { date1904, timeZone: choice.timeZone }
  return rows.map((row) => row.map((cell) => cellValue(cell, system)))
}
