import * as XLSX from 'xlsx'
import { translateMessage } from '../../../../../locales'
import { XLSX_CONTENT_TYPE, type DownloadedFile } from '../../../../shared/contract/datahub/mappingFiles'
import { LOCALES, type Locale } from '../../../../shared/locale'

/** A column of an import/export sheet: the record's field and the header's message key. */
export interface SheetColumn {
  field: string
  /** messages key of the header text; the import also accepts the field name itself. */
  header: string
}

/** One data row of an import: its number in the sheet (header = 1) and its texts by field. */
export interface SheetRow {
  row: number
  values: Record<string, string>
}

const norm = (s: string) => s.trim().toLowerCase()

/**
 * Data rows of a sheet by its header row: a header cell names a column by its text in either
 * language or by the field name; unknown columns are ignored, missing ones read as empty, and
 * empty rows are skipped. Null when the first row names none of the columns (not our sheet).
 */
export function rowsByHeader(texts: string[][], columns: readonly SheetColumn[]): SheetRow[] | null {
  const header = texts[0] ?? []
  const names = (c: SheetColumn) => new Set([norm(c.field), ...LOCALES.map((l) => norm(translateMessage(l, c.header)))])
  const at = new Map<string, number>()
  for (const c of columns) {
    const known = names(c)
    const index = header.findIndex((h) => known.has(norm(h)))
    if (index >= 0) at.set(c.field, index)
  }
  if (at.size === 0) return null
  const rows: SheetRow[] = []
  texts.slice(1).forEach((cells, i) => {
    if (cells.every((c) => c === '')) return
    rows.push({ row: i + 2, values: Object.fromEntries(columns.map((c) => [c.field, at.has(c.field) ? (cells[at.get(c.field)!] ?? '') : ''])) })
  })
  return rows
}

/** An .xlsx of `records` under the columns' headers in the caller's language. */
export function sheetFile(locale: Locale, fileKey: string, columns: readonly SheetColumn[], records: readonly Record<string, string>[]): DownloadedFile {
  const t = (key: string) => translateMessage(locale, key)
  const sheet = XLSX.utils.aoa_to_sheet([columns.map((c) => t(c.header)), ...records.map((r) => columns.map((c) => r[c.field] ?? ''))])
  sheet['!cols'] = columns.map(() => ({ wch: 18 }))
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, t(fileKey).slice(0, 31))
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
  return { name: `${t(fileKey)}.xlsx`, contentType: XLSX_CONTENT_TYPE, bytes: new Uint8Array(bytes) }
}
