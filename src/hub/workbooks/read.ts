import { availableParallelism } from 'node:os'
import { WorkerPool, WorkerStopped } from '../threads/pool'
import { workerEntry } from '../threads/spawn'
import { ExcelRefused, type WorkbookLimits } from './refused'
import type { CellValue } from './parse'
import type { WorkbookAnswer, WorkbookTask } from './workbookWorker'

/** A parse still running after this long is stopped: no workbook within the limits needs it. */
const PARSE_DEADLINE_MS = 120_000

/**
 * Workbooks are unpacked and parsed in worker threads: a 100,000-row sheet takes SheetJS
 * seconds, during which the hub must go on answering. Few workers, as each may hold a parsed
 * workbook's memory; they leave soon after the last upload.
 */
const pool = new WorkerPool<WorkbookTask, WorkbookAnswer>({
  name: 'workbooks',
  entry: workerEntry(__filename, 'workbookWorker'),
  size: Math.min(2, availableParallelism()),
  idleMs: 60_000,
  // The largest workbook the uploads are sized for (100,000 rows × 10 columns, 9.5 MB) parses
  // in under 192 MB of heap; a crafted one that gets past declaredCells.ts stops here, answered
  // as too large, instead of growing the hub's memory by gigabytes.
  resourceLimits: { maxOldGenerationSizeMb: 512 },
})

export interface ReadOptions {
  limits: WorkbookLimits
  /** Only this many cells of each row come back (the caller reads no further). */
  columns?: number
  /** The sheet to read, by name (any letter case, as Excel finds it); the first when absent. */
  sheet?: string
}

/**
 * A sheet (the first, or the one named) of an .xlsx or .xls as trimmed texts, row by row, at most
 * limits.maxRows + 2 rows (a caller that finds more than it allows says so). The zip limits are
 * checked before anything is inflated, and inflating comes before parsing (zipParts.ts).
 * Refusals are ExcelRefused.
 */
export async function readSheet(bytes: Uint8Array, options: ReadOptions): Promise<string[][]> {
  return (await parseInWorker(bytes, options)) as string[][]
}

/**
 * The same sheet as values: text, numbers as the workbook holds them, booleans, and dates as
 * ISO 8601 text, date-times read in `timeZone` (the hub's; workbooks/cellDates.ts).
 */
export async function readSheetValues(bytes: Uint8Array, options: ReadOptions & { timeZone: string }): Promise<CellValue[][]> {
  return parseInWorker(bytes, options)
}

async function parseInWorker(bytes: Uint8Array, options: ReadOptions & { timeZone?: string }): Promise<CellValue[][]> {
  // A copy of its own, moved to the worker: the upload's buffer may share memory with others
  // (and a Buffer's slice() would not copy).
  const copy = new Uint8Array(bytes)
  let answer: WorkbookAnswer
  try {
    answer = await pool.run({ bytes: copy, limits: options.limits, columns: options.columns, sheet: options.sheet, timeZone: options.timeZone }, { deadlineMs: PARSE_DEADLINE_MS, transfer: [copy.buffer] })
  } catch (err) {
    // Too much to parse within the worker's memory or time: the workbook is too big, not the hub broken.
    if (err instanceof WorkerStopped && err.reason !== 'crashed') throw new ExcelRefused('msg_mapping_excel_unpacked_size')
    throw err
  }
  if ('refused' in answer) throw new ExcelRefused(answer.refused.messageKey, answer.refused.params)
  return answer.rows
}
