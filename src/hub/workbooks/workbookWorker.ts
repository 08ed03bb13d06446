import { serveTasks } from '../threads/serve'
import { sheetTexts, sheetValues, type CellValue } from './parse'
import { ExcelRefused, type WorkbookLimits } from './refused'

/** One uploaded workbook to read (read.ts sends it, its bytes moved, not copied). */
export interface WorkbookTask {
  bytes: Uint8Array
  limits: WorkbookLimits
  columns?: number
  /** The sheet to read; the first when absent. */
  sheet?: string
  /** Values (numbers, booleans, dates as ISO text with date-times in this zone) instead of texts. */
  timeZone?: string
}

/** The sheet's texts, or why the workbook was refused. */
export type WorkbookAnswer = { rows: CellValue[][] } | { refused: { messageKey: string; params: Record<string, string | number> } }

// The worker thread's entry (SheetJS is loaded with it, before the first task).
serveTasks<WorkbookTask, WorkbookAnswer>(({ bytes, limits, columns, sheet, timeZone }) => {
  try {
    return { rows: timeZone === undefined ? sheetTexts(bytes, limits, { columns, sheet }) : sheetValues(bytes, limits, { columns, sheet, timeZone }) }
  } catch (err) {
    if (err instanceof ExcelRefused) return { refused: { messageKey: err.messageKey, params: err.params } }
    throw err
  }
})
