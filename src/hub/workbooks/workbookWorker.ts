import { serveTasks } from '../threads/serve'
import { sheetTexts } from './parse'
import { ExcelRefused, type WorkbookLimits } from './refused'

/** One uploaded workbook to read (read.ts sends it, its bytes moved, not copied). */
export interface WorkbookTask {
  bytes: Uint8Array
  limits: WorkbookLimits
  columns?: number
  /** The sheet to read; the first when absent. */
  sheet?: string
}

/** The sheet's texts, or why the workbook was refused. */
export type WorkbookAnswer = { rows: string[][] } | { refused: { messageKey: string; params: Record<string, string | number> } }

// The worker thread's entry (SheetJS is loaded with it, before the first task).
serveTasks<WorkbookTask, WorkbookAnswer>(({ bytes, limits, columns, sheet }) => {
  try {
    return { rows: sheetTexts(bytes, limits, { columns, sheet }) }
  } catch (err) {
    if (err instanceof ExcelRefused) return { refused: { messageKey: err.messageKey, params: err.params } }
    throw err
  }
})
