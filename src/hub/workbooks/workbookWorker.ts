import { serveTasks } from '../threads/serve'
import { firstSheetTexts } from './parse'
import { ExcelRefused, type WorkbookLimits } from './refused'

/** One uploaded workbook to read (read.ts sends it, its bytes moved, not copied). */
export interface WorkbookTask {
  bytes: Uint8Array
  limits: WorkbookLimits
  columns?: number
}

/** The first sheet's texts, or why the workbook was refused. */
export type WorkbookAnswer = { rows: string[][] } | { refused: { messageKey: string; params: Record<string, string | number> } }

// The worker thread's entry (SheetJS is loaded with it, before the first task).
serveTasks<WorkbookTask, WorkbookAnswer>(({ bytes, limits, columns }) => {
  try {
    return { rows: firstSheetTexts(bytes, limits, columns) }
  } catch (err) {
    if (err instanceof ExcelRefused) return { refused: { messageKey: err.messageKey, params: err.params } }
    throw err
  }
})
