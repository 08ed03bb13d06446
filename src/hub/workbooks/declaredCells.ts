import type { ZipPart } from './zipParts'
import { ZipRefused } from './zipParts'

/**
 * The most cells a workbook may make SheetJS hold. The uploads are sized for 100,000 rows of
 * ten columns (MAPPING_EXCEL); twice that leaves room, and stays far below what exhausts a
 * workbook worker's heap (read.ts).
 */
export const MAX_DECLARED_CELLS = 2_000_000

const LT = 0x3c
const GT = 0x3e
const COLON = 0x3a
const isNameByte = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) || b === 0x5f || b === 0x2d || b === 0x2e || b === COLON

/** Rows × columns of an A1-style range ("B2:D10", "A:A", "3:5"); a single cell is 1. */
export function rangeArea(ref: string): number {
  const [from = '', to = from] = ref.trim().split(':')
  const cell = (a1: string) => {
    const m = /^\$?([A-Za-z]{0,3})\$?(\d*)$/.exec(a1)
    if (!m) return null
    const col = m[1] ? [...m[1].toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) : null
    const row = m[2] ? Number(m[2]) : null
    return { col, row }
  }
  const a = cell(from)
  const b = cell(to)
  if (!a || !b) return 0
  // A whole column or row ("A:A", "3:5") spans the sheet's full other dimension.
  const cols = a.col !== null && b.col !== null ? Math.abs(b.col - a.col) + 1 : 16_384
  const rows = a.row !== null && b.row !== null ? Math.abs(b.row - a.row) + 1 : 1_048_576
  return cols * rows
}

/**
 * Refuses an .xlsx whose XML parts declare more cells than SheetJS may expand, before SheetJS
 * sees them: each `<c>` element is one cell object, each shared string (`<si>`) one string, and
 * each `<hyperlink ref>` a cell object for every cell of its range (a 4 KB part with one
 * A1:XFD1048576 hyperlink is 17 billion of them). One pass over the bytes, no copy.
 * Spreadsheet formats other than SpreadsheetML that SheetJS would also read out of a zip
 * (OpenDocument, Numbers) are not workbooks of an .xlsx upload, and their repeat counts expand
 * the same way: refused as invalid.
 */
export function checkDeclaredCells(parts: readonly ZipPart[], max = MAX_DECLARED_CELLS): void {
  let cells = 0
  let strings = 0
  for (const part of parts) {
    if (part.name === 'META-INF/manifest.xml' || part.name === 'objectdata.xml' || part.name.startsWith('Index/')) throw new ZipRefused('msg_mapping_excel_invalid')
    if (!/\.xml$/i.test(part.name)) continue
    const bytes = Buffer.from(part.bytes.buffer, part.bytes.byteOffset, part.bytes.byteLength)
    for (let at = bytes.indexOf(LT); at >= 0; at = bytes.indexOf(LT, at + 1)) {
      let end = at + 1
      let local = end
      while (end < bytes.length && isNameByte(bytes[end]!)) if (bytes[end++] === COLON) local = end
      const len = end - local
      if (len === 1 && bytes[local] === 0x63) cells++ // c
      else if (len === 2 && bytes[local] === 0x73 && bytes[local + 1] === 0x69) strings++ // si
      else if (len === 9 && bytes.toString('latin1', local, end) === 'hyperlink') {
        const close = bytes.indexOf(GT, end)
        const tag = bytes.toString('latin1', end, close < 0 ? bytes.length : close)
        cells += rangeArea(/\sref\s*=\s*["']([^"']*)["']/.exec(tag)?.[1] ?? '')
      }
      if (cells > max || strings > max) throw new ZipRefused('msg_mapping_excel_unpacked_size')
    }
  }
}
