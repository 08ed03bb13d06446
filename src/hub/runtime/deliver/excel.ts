import * as XLSX from 'xlsx'
import { hubTimeZone } from '../../config'
import { EXCEL_PER_MESSAGE } from '../../../shared/rules/datahub/consumer'
import { LEDGER_SHEET } from './excelAppend'
import { appendToDay, dayOf } from './excelDay'
import { checkFits, layoutOf, recordsOf, stampTopic, topicPart, writeRecords, xlsxBytes } from './excelLayout'
import { fileNames, safePrefix, writeFileInto } from './file'
import { openTarget } from './fileLocation'
import { underFileLock } from './fileLock'
import type { DeliveryJob } from './types'
import { DeliveryError, settingMissing } from '../../kernel/deliveryError'
import { keyed } from '../../text/keyedText'

/**
 * The workbook of one message, laid out as an excel producer reads one (excelModels[0]): the
 * topic code in the model-code cell (e.g. A1), the field names on the header row, one record per
 * row from the value start row on. Fields appear in the order the records first name them.
 */
export function workbookOf(job: DeliveryJob, rowLimit: number): Buffer {
  const layout = layoutOf(job)
  const records = recordsOf(job)
  checkFits(layout, records.length, rowLimit)
  const sheet = XLSX.utils.aoa_to_sheet([])
  writeRecords(sheet, layout, records, layout.valueRow)
  stampTopic(sheet, layout, job.topicCode)
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, layout.sheetName)
  return xlsxBytes(book)
}

/**
 * excel consumers write JSON records into workbooks in their file location (data-source type 3,
 * a folder on the hub or SFTP), in the folder fileDir below its base folder (empty: the base
 * folder; it may not climb out), by filePer:
 *
 * - 'message' (the default, also when empty): one workbook per message, named prefix + topic
 *   code + '_' + timestamp (+ '_n' when taken), written atomically like a file consumer's files.
 * - 'day': the day's messages in one workbook, prefix + topic code + '_' + yyyyMMdd, the day the
 *   hub received the message in its time zone (HUB_TIMEZONE), so a retry after midnight still
 *   finds its day; the first message of the day makes it with the layout, later ones append
 *   below (excelDay.ts). Writers of one day file take turns (fileLock.ts); a message that does
 *   not fit under the row limit (HUB_RUNTIME excelRowLimit, Excel's 1,048,576 by default) starts
 *   <name>_2.xlsx, and so on; a hidden ledger sheet lists the messages written, so a redelivery
 *   writes nothing twice. A replayed message whose rows are still there is not written again.
 */
export async function deliverExcel(job: DeliveryJob, rowLimit: number): Promise<void> {
  if (!job.consumer.datasourceName.trim()) throw settingMissing('msg_exchange_setting_excel_location')
  const model = job.consumer.excelModels?.[0]
  const fileDir = model?.fileDir?.trim() || '/'
  const prefix = `${safePrefix(model?.fileNamePrefix?.trim() ?? '')}${topicPart(job.topicCode)}_`
  if ((model?.filePer?.trim() || EXCEL_PER_MESSAGE) === EXCEL_PER_MESSAGE) {
    const content = workbookOf(job, rowLimit)
    return writeFileInto(job, fileDir, content, (where) => fileNames(where, '1', prefix, '.xlsx'))
  }
  const layout = layoutOf(job)
  if (layout.sheetName === LEDGER_SHEET) throw new DeliveryError(keyed('msg_exchange_excel_ledger_sheet', { sheet: LEDGER_SHEET }), true)
  // Appended rows go by the header row's names: the topic code may not take one's place, nor a row's.
  const codeRow = XLSX.utils.decode_cell(layout.codeCell).r + 1
  if (codeRow === layout.headerRow || codeRow >= layout.valueRow) throw new DeliveryError(keyed('msg_exchange_excel_code_cell', { cell: layout.codeCell }), true)
  const records = recordsOf(job)
  checkFits(layout, records.length, rowLimit)
  const base = `${prefix}${dayOf(job.receivedAt, hubTimeZone(job.hub.config))}`
  const target = await openTarget(job, fileDir)
  try {
    await underFileLock(job.hub.store, `${target.key}/${base}`, job.signal, () => appendToDay(target, base, layout, job, records, rowLimit))
  } catch (err) {
    if (err instanceof DeliveryError) throw err
    throw new DeliveryError(keyed('msg_exchange_excel_write_failed', { name: base, where: target.where, reason: (err as NodeJS.ErrnoException).code ?? (err as Error).message ?? String(err) }))
  } finally {
    target.close()
  }
}
