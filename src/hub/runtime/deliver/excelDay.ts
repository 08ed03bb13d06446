import * as XLSX from 'xlsx'
import type { FileTarget } from './fileTargets'
import { stampTopic, writeRecords, xlsxBytes, type SheetLayout } from './excelLayout'
import { DeliveryError, type DeliveryJob } from './types'

/**
 * The hidden sheet of a per-day workbook that lists the messages written into it: message id,
 * sheet, first row, row count, when. It makes a redelivered message (a retry after a try that
 * failed past the write, or timed out) find its rows and write nothing, and it tells where the
 * next rows go. It lives in the workbook, so rows and record are written in the same step.
 */
export const LEDGER_SHEET = '_datahub_messages'
const LEDGER_HEADER = ['messageId', 'sheet', 'firstRow', 'rows', 'writtenAt']
/** Workbooks of one day at most (<name>_2 …): a guard, not a limit anyone should meet. */
const MAX_PARTS = 10_000

/** What a day's workbook says of itself: the messages in it and the next free row of the sheet. */
interface Ledger {
  ids: Set<string>
  nextRow: number
}

/** yyyyMMdd of an instant in a time zone. */
export function dayOf(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso))
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}${part('month')}${part('day')}`
}

const partName = (base: string, n: number) => (n === 1 ? `${base}.xlsx` : `${base}_${n}.xlsx`)

function ledgerRows(book: XLSX.WorkBook): unknown[][] | null {
  const sheet = book.Sheets[LEDGER_SHEET]
  return sheet ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: '' }).slice(1) : null
}

/** The ledger of a workbook; without one (a file the hub did not write), the sheet's last used row. */
function ledgerOf(book: XLSX.WorkBook, layout: SheetLayout): Ledger | null {
  const rows = ledgerRows(book)
  if (!rows) return null
  let nextRow = layout.valueRow
  for (const [, sheet, first, count] of rows) if (sheet === layout.sheetName) nextRow = Math.max(nextRow, Number(first) + Number(count))
  return { ids: new Set(rows.map((r) => String(r[0]))), nextRow }
}

function ledgerOfForeign(book: XLSX.WorkBook, layout: SheetLayout): Ledger {
  const ref = book.Sheets[layout.sheetName]?.['!ref']
  return { ids: new Set(), nextRow: Math.max(layout.valueRow, ref ? XLSX.utils.decode_range(ref).e.r + 2 : 0) }
}

/** The message's rows from `firstRow` on, and its line in the ledger (both made when missing, the ledger hidden). */
function append(book: XLSX.WorkBook, layout: SheetLayout, job: DeliveryJob, records: readonly Record<string, unknown>[], firstRow: number): void {
  if (!book.Sheets[layout.sheetName]) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([]), layout.sheetName)
  const sheet = book.Sheets[layout.sheetName]!
  writeRecords(sheet, layout, records, firstRow)
  stampTopic(sheet, layout, job.topicCode)
  if (!book.Sheets[LEDGER_SHEET]) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([LEDGER_HEADER]), LEDGER_SHEET)
  XLSX.utils.sheet_add_aoa(book.Sheets[LEDGER_SHEET]!, [[job.messageId, layout.sheetName, firstRow, records.length, new Date().toISOString()]], { origin: -1 })
  book.Workbook ??= {}
  book.Workbook.Sheets = book.SheetNames.map((name, i) => ({ ...book.Workbook?.Sheets?.[i], name, Hidden: name === LEDGER_SHEET ? 1 : 0 }))
}

/**
 * Appends the message's records to the day's workbook `<base>.xlsx` in the target folder. The
 * caller holds the lock of `base` (fileLock.ts): nobody else writes these files meanwhile.
 *
 * The day's workbooks are walked in order (<base>.xlsx, <base>_2.xlsx, …). One whose ledger
 * names the message already holds its rows: nothing is written. The message goes whole into the
 * first workbook where it fits under the row limit; a missing one is made (with the sheet's
 * layout) and claimed, never replacing a file; an existing one is rewritten under a temporary
 * name and renamed over the old one (readers see the old or the new workbook, whole).
 */
export async function appendToDay(target: FileTarget, base: string, layout: SheetLayout, job: DeliveryJob, records: readonly Record<string, unknown>[], rowLimit: number): Promise<void> {
  const fits = (ledger: Ledger) => ledger.nextRow - 1 + records.length <= rowLimit
  let raced = 0
  for (let n = 1; n <= MAX_PARTS; n++) {
    const name = partName(base, n)
    const bytes = await target.read(name)
    if (!bytes) {
      const book = XLSX.utils.book_new()
      append(book, layout, job, records, layout.valueRow)
      const temp = await target.writeTemp(xlsxBytes(book))
      try {
        if (await target.claim(temp, name)) return
      } finally {
        await target.discard(temp)
      }
      // Made meanwhile by a writer outside the lock (another hub): read what it holds.
      if (++raced > 3) throw new DeliveryError(`${name} keeps appearing while the hub makes it: is another writer using ${target.where}?`)
      n--
      continue
    }
    // Only the small ledger sheet is parsed to decide; the rows only for the workbook written to.
    const ledger = ledgerOf(XLSX.read(bytes, { sheets: [LEDGER_SHEET] }), layout)
    if (ledger?.ids.has(job.messageId)) return
    if (ledger && !fits(ledger)) continue
    const book = XLSX.read(bytes)
    const current = ledger ?? ledgerOfForeign(book, layout)
    if (!fits(current)) continue
    append(book, layout, job, records, current.nextRow)
    const temp = await target.writeTemp(xlsxBytes(book))
    try {
      await target.replace(temp, name)
    } finally {
      await target.discard(temp)
    }
    return
  }
  throw new DeliveryError(`${base} already has ${MAX_PARTS} workbooks today`)
}
