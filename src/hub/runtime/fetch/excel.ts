import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { translateMessage } from '../../../../locales'
import { hubTimeZone } from '../../config'
import type { CellValue } from '../../workbooks/parse'
import { ExcelRefused } from '../../workbooks/refused'
import { FetchError, type Fetcher } from './fetcher'
import { inboxOf, shelve, waitingWorkbooks } from './excelInbox'
import { layoutOf, workbookRecords } from './workbookRows'
import { type KeyedText, joined, keyed } from '../../text/keyedText'

/** Rows per batch: each row is a message, committed together with the position reached. */
export const EXCEL_ROWS_PER_BATCH = 500

/** Why a workbook was refused, in English for the `.reason.txt` beside it (a file has no reader's language). */
const reasonOf = (err: ExcelRefused) => translateMessage('en', err.messageKey, err.params)
/** The same for the run history, kept as its key. */
const refusedText = (err: ExcelRefused): KeyedText => ({ key: err.messageKey, params: err.params })

/**
 * An excel producer: every workbook waiting in its inbox (excelInbox.ts), oldest first; each
 * row of its sheet (excelModels[0], found in any letter case) one JSON message keyed by the
 * header row, its dates ISO 8601 text in the hub's time zone (workbookRows.ts). The checkpoint
 * names the workbook (with its size and time, so one dropped again under the same name starts
 * afresh) and the rows committed: a run that stops mid-workbook resumes after the last
 * committed batch, and the workbook moves to done/ only once all its rows are committed.
 * A workbook that cannot be read moves to failed/ with its reason and the run goes on with
 * the next; the run then ends failed, naming them.
 */
export const excelFetcher: Fetcher = async function* excel(context) {
  const layout = (() => {
    try {
      return layoutOf(context.producer.excelModels?.[0])
    } catch (err) {
      if (err instanceof ExcelRefused) throw new FetchError(refusedText(err))
      throw err
    }
  })()
  const inbox = inboxOf(context.hub.config, context.topic.code)
  const workbooks = await waitingWorkbooks(inbox)
  const failed: KeyedText[] = []
  for (const workbook of workbooks) {
    if (context.signal.aborted) return
    let records: Record<string, CellValue>[]
    try {
      records = await workbookRecords(await readFile(join(inbox, workbook.name)), layout, context.topic.code, hubTimeZone(context.hub.config))
    } catch (err) {
      if (!(err instanceof ExcelRefused)) throw err
      await shelve(inbox, workbook.name, 'failed', reasonOf(err))
      failed.push(keyed('msg_exchange_fetch_workbook_failed', { name: workbook.name, reason: refusedText(err) }))
      continue
    }
    const resumed = context.checkpoint
    let row = resumed?.file === workbook.name && resumed.stamp === workbook.stamp ? Number(resumed.row) : 0
    while (row < records.length) {
      if (context.signal.aborted) return
      const rows = records.slice(row, row + EXCEL_ROWS_PER_BATCH)
      row += rows.length
      yield { messages: rows, rowsRead: rows.length, checkpoint: { file: workbook.name, stamp: workbook.stamp, row } }
    }
    // Here every row of the workbook is committed (a generator resumes only when its batch is).
    await shelve(inbox, workbook.name, 'done')
  }
  if (failed.length > 0) throw new FetchError(keyed('msg_exchange_fetch_workbooks_failed', { failed: failed.length, count: workbooks.length, reasons: joined(failed) }))
}
