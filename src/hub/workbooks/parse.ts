import * as XLSX from 'xlsx'
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
 * number formats, styles or formatted text, and no further than one row past the limit (so
 * an overlong sheet is recognised without reading all of it).
 */
const readOptions = (limits: WorkbookLimits, sheet: string | undefined): XLSX.ParsingOptions => ({
  dense: true,
  sheets: sheet ?? 0,
  sheetRows: limits.maxRows + 2,
  cellFormula: false,
  cellHTML: false,
  cellText: false,
  cellNF: false,
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
function readWorkbook(bytes: Uint8Array, limits: WorkbookLimits, sheet: string | undefined): XLSX.WorkBook {
  const kind = spreadsheetKind(bytes)
  if (!kind) throw new ExcelRefused('msg_mapping_excel_invalid')
  if (kind === 'ole') return XLSX.read(bytes, { ...readOptions(limits, sheet), type: 'buffer' })
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const parts = unpackZip(buffer, limits)
  checkDeclaredCells(parts)
  const container = CFB.utils.cfb_new()
  for (const part of parts) CFB.utils.cfb_add(container, part.name, part.bytes, { unsafe: true })
  return parseZip(container, readOptions(limits, sheet))
}

const cellText = (cell: XLSX.CellObject | undefined): string => {
  if (!cell || cell.t === 'e' || cell.t === 'z' || cell.v === undefined || cell.v === null) return ''
  return String(cell.v).trim()
}

/** Which sheet to read, and how much of each row. */
export interface SheetChoice {
  /** Only this many cells of each row. */
  columns?: number | undefined
  /** The sheet's name; the first sheet when absent. */
  sheet?: string | undefined
}

/**
 * One sheet of a workbook as trimmed texts, row by row (an empty row is an empty list), each
 * row cut to `columns` cells when given. At most limits.maxRows + 2 rows are read. A sheet
 * named but not in the workbook is refused.
 */
export function sheetTexts(bytes: Uint8Array, limits: WorkbookLimits, { columns, sheet }: SheetChoice = {}): string[][] {
  let book: XLSX.WorkBook
  try {
    book = readWorkbook(bytes, limits, sheet)
  } catch (err) {
    if (err instanceof ExcelRefused) throw err
    if (err instanceof ZipRefused) throw new ExcelRefused(err.messageKey, { max: limits.maxEntries })
    // SheetJS says so for files saved with a password to open.
    if (err instanceof Error && /password|encrypt/i.test(err.message)) throw new ExcelRefused('msg_mapping_excel_encrypted')
    throw new ExcelRefused('msg_mapping_excel_invalid')
  }
  const sheetName = sheet ?? book.SheetNames[0]
  const found = sheetName === undefined ? undefined : book.Sheets[sheetName]
  if (sheet !== undefined && !found) throw new ExcelRefused('msg_excel_sheet_missing', { sheet })
  const data = found ? ((found['!data'] ?? []) as (XLSX.CellObject[] | undefined)[]) : []
  const width = (row: XLSX.CellObject[] | undefined) => (row ? Math.min(row.length, columns ?? row.length) : 0)
  // A row is as wide as its last cell: one cell in column XFD makes 16,384 texts. The rows
  // together may not hold more than a workbook may declare (and the answer crosses threads).
  let texts = 0
  for (const row of data) if ((texts += width(row)) > MAX_DECLARED_CELLS) throw new ExcelRefused('msg_mapping_excel_unpacked_size')
  // Array.from, not map: SheetJS leaves holes for empty rows, and a hole is no row at all to map.
  return Array.from(data, (row) => Array.from({ length: width(row) }, (_, c) => cellText(row![c])))
}
