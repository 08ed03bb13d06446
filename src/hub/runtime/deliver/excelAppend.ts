import * as XLSX from 'xlsx'
import { stampTopic, writeRecords, xlsxBytes, type SheetLayout } from './excelLayout'

/**
 * The hidden sheet of a per-day workbook that lists the messages written into it: message id,
 * sheet, first row, row count, when. It makes a redelivered message (a retry after a try that
 * failed past the write, or timed out) find its rows and write nothing, and it tells where the
 * next rows go. It lives in the workbook, so rows and record are written in the same step.
 */
export const LEDGER_SHEET = '_datahub_messages'
const LEDGER_HEADER = ['messageId', 'sheet', 'firstRow', 'rows', 'writtenAt']

/** One message to append to one workbook of the day (null bytes: the workbook does not exist yet). */
export interface AppendTask {
  bytes: Uint8Array | null
  layout: SheetLayout
  topicCode: string
  messageId: string
  records: Record<string, unknown>[]
  rowLimit: number
}

/** The message's rows are in this workbook already; it is full for them; or its new bytes. */
export type AppendAnswer = { kind: 'present' } | { kind: 'full' } | { kind: 'write'; bytes: Uint8Array }

/** What a day's workbook says of itself: the messages in it and the next free row of the sheet. */
interface Ledger {
  ids: Set<string>
  nextRow: number
}

/** The ledger of a workbook; null without one (a file the hub did not write). */
function ledgerOf(book: XLSX.WorkBook, layout: SheetLayout): Ledger | null {
  const sheet = book.Sheets[LEDGER_SHEET]
  if (!sheet) return null
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: '' }).slice(1)
  let nextRow = layout.valueRow
  for (const [, name, first, count] of rows) if (name === layout.sheetName) nextRow = Math.max(nextRow, Number(first) + Number(count))
  return { ids: new Set(rows.map((r) => String(r[0]))), nextRow }
}

/** A workbook without a ledger: its rows go below the sheet's last used row. */
function ledgerOfForeign(book: XLSX.WorkBook, layout: SheetLayout): Ledger {
  const ref = book.Sheets[layout.sheetName]?.['!ref']
  return { ids: new Set(), nextRow: Math.max(layout.valueRow, ref ? XLSX.utils.decode_range(ref).e.r + 2 : 0) }
}

/** The message's rows from `firstRow` on, and its line in the ledger (both made when missing, the ledger hidden). */
function append(book: XLSX.WorkBook, task: AppendTask, firstRow: number): Uint8Array {
  const { layout, records } = task
  if (!book.Sheets[layout.sheetName]) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([]), layout.sheetName)
  const sheet = book.Sheets[layout.sheetName]!
  writeRecords(sheet, layout, records, firstRow)
  stampTopic(sheet, layout, task.topicCode)
  if (!book.Sheets[LEDGER_SHEET]) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([LEDGER_HEADER]), LEDGER_SHEET)
  XLSX.utils.sheet_add_aoa(book.Sheets[LEDGER_SHEET]!, [[task.messageId, layout.sheetName, firstRow, records.length, new Date().toISOString()]], { origin: -1 })
  book.Workbook ??= {}
  book.Workbook.Sheets = book.SheetNames.map((name, i) => ({ ...book.Workbook?.Sheets?.[i], name, Hidden: name === LEDGER_SHEET ? 1 : 0 }))
  return xlsxBytes(book)
}

/**
 * Appends one message to one workbook of the day, or says why not (runs in a worker thread,
 * excelAppendWorker.ts: a full day file takes SheetJS seconds and much memory). Only the small
 * ledger sheet is parsed to decide; the whole workbook only when the rows go into it.
 */
export function appendTo(task: AppendTask): AppendAnswer {
  const fits = (ledger: Ledger) => ledger.nextRow - 1 + task.records.length <= task.rowLimit
  if (!task.bytes) return { kind: 'write', bytes: append(XLSX.utils.book_new(), task, task.layout.valueRow) }
  const ledger = ledgerOf(XLSX.read(task.bytes, { sheets: [LEDGER_SHEET] }), task.layout)
  if (ledger?.ids.has(task.messageId)) return { kind: 'present' }
  if (ledger && !fits(ledger)) return { kind: 'full' }
  const book = XLSX.read(task.bytes)
  const current = ledger ?? ledgerOfForeign(book, task.layout)
  if (!fits(current)) return { kind: 'full' }
  return { kind: 'write', bytes: append(book, task, current.nextRow) }
}
