import * as XLSX from 'xlsx'
import { translateMessage } from '../../../../locales'
import { MAPPING_EXCEL } from '../../../shared/contract/datahub/mappingFiles'
import { LOCALES } from '../../../shared/locale'
import type { FieldMappingRow } from '../../../shared/rules/datahub/mapping'
import { cleanMappingRows, type MappingPairLike } from '../../../shared/rules/datahub/mappingRows'
import { unpackZip, ZipRefused } from './zipParts'

/** Why a workbook was refused: a message key of messages.consumer.json, with its parameters. */
export class ExcelRefused extends Error {
  constructor(
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey)
    this.name = 'ExcelRefused'
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const startsWith = (bytes: Uint8Array, magic: number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)

/** What the file holds, by its first bytes: the extension alone says nothing about the content. */
export function spreadsheetKind(bytes: Uint8Array): 'zip' | 'ole' | null {
  if (startsWith(bytes, ZIP_MAGIC)) return 'zip'
  if (startsWith(bytes, OLE_MAGIC)) return 'ole'
  return null
}

/**
 * Only what the mapping needs: the first sheet's values, in dense storage, without formulas,
 * number formats, styles or formatted text, and no further than one row past the limit (so
 * an overlong sheet is recognised without reading all of it).
 */
const readOptions = (): XLSX.ParsingOptions => ({
  dense: true,
  sheets: 0,
  sheetRows: MAPPING_EXCEL.maxRows + 2,
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
function readWorkbook(bytes: Uint8Array): XLSX.WorkBook {
  const kind = spreadsheetKind(bytes)
  if (!kind) throw new ExcelRefused('msg_mapping_excel_invalid')
  if (kind === 'ole') return XLSX.read(bytes, { ...readOptions(), type: 'buffer' })
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const container = CFB.utils.cfb_new()
  for (const part of unpackZip(buffer, MAPPING_EXCEL)) CFB.utils.cfb_add(container, part.name, part.bytes, { unsafe: true })
  return parseZip(container, readOptions())
}

const cellText = (cell: XLSX.CellObject | undefined): string => {
  if (!cell || cell.t === 'e' || cell.t === 'z' || cell.v === undefined || cell.v === null) return ''
  return String(cell.v).trim()
}

const norm = (s: string) => s.trim().toLowerCase()
/** Header texts of the template in every language, and the spec's field names. */
const headerTexts = (): { source: Set<string>; target: Set<string> } => ({
  source: new Set(['sourcefieldname', ...LOCALES.map((l) => norm(translateMessage(l, 'msg_mapping_template_source')))]),
  target: new Set(['targetfieldname', ...LOCALES.map((l) => norm(translateMessage(l, 'msg_mapping_template_target')))]),
})

/** The first sheet's cells of an uploaded workbook (limits and refusals as above). */
function firstSheetCells(bytes: Uint8Array): (XLSX.CellObject[] | undefined)[] {
  let book: XLSX.WorkBook
  try {
    book = readWorkbook(bytes)
  } catch (err) {
    if (err instanceof ExcelRefused) throw err
    if (err instanceof ZipRefused) throw new ExcelRefused(err.messageKey, { max: MAPPING_EXCEL.maxEntries })
    // SheetJS says so for files saved with a password to open.
    if (err instanceof Error && /password|encrypt/i.test(err.message)) throw new ExcelRefused('msg_mapping_excel_encrypted')
    throw new ExcelRefused('msg_mapping_excel_invalid')
  }
  const sheetName = book.SheetNames[0]
  const sheet = sheetName === undefined ? undefined : book.Sheets[sheetName]
  return sheet ? ((sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[]) : []
}

/**
 * The first sheet of an uploaded workbook as trimmed texts, row by row (the administration
 * imports read it with a header row). Same limits and refusals as the mapping upload.
 */
export function firstSheetTexts(bytes: Uint8Array): string[][] {
  const data = firstSheetCells(bytes)
  if (data.length > MAPPING_EXCEL.maxRows + 1) throw new ExcelRefused('msg_mapping_excel_rows', { max: MAPPING_EXCEL.maxRows })
  return data.map((row) => (row ? Array.from(row, (cell) => cellText(cell)) : []))
}

/**
 * The mapping rows of an uploaded workbook: column A of the first sheet is the stream (source)
 * field, column B the target field, other columns are ignored. The first row is left out when
 * it is the template's header (in either language, or the spec's field names); a sheet without
 * one starts with data. Rows pass the merge rule (trimmed, no empty names, no repeats).
 */
export function mappingRowsOf(bytes: Uint8Array): FieldMappingRow[] {
  const data = firstSheetCells(bytes)
  const first = data[0]
  const headers = headerTexts()
  const hasHeader = !!first && headers.source.has(norm(cellText(first[0]))) && headers.target.has(norm(cellText(first[1])))
  // Rows actually read (sheetRows stops one past the limit), not the sheet's declared extent.
  if (data.length - (hasHeader ? 1 : 0) > MAPPING_EXCEL.maxRows) throw new ExcelRefused('msg_mapping_excel_rows', { max: MAPPING_EXCEL.maxRows })
  return cleanMappingRows(pairs(data, hasHeader ? 1 : 0))
}

function* pairs(data: (XLSX.CellObject[] | undefined)[], from: number): Generator<MappingPairLike> {
  for (let r = from; r < data.length; r++) {
    const row = data[r]
    if (row) yield { sourceFieldName: cellText(row[0]), targetFieldName: cellText(row[1]) }
  }
}
