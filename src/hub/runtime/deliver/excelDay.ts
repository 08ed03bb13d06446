import { availableParallelism } from 'node:os'
import { WorkerPool, WorkerStopped } from '../../threads/pool'
import { workerEntry } from '../../threads/spawn'
import type { AppendAnswer, AppendTask } from './excelAppend'
import type { SheetLayout } from './excelLayout'
import type { FileTarget } from './fileTargets'
import type { DeliveryJob } from './types'
import { DeliveryError } from '../../kernel/deliveryError'
import { keyed } from '../../text/keyedText'

/** Workbooks of one day at most (<name>_2 …): a guard, not a limit anyone should meet. */
const MAX_PARTS = 10_000
/** An append still running after this long is stopped: the workbook is too big to append to. */
const APPEND_DEADLINE_MS = 120_000

/**
 * Appends run in worker threads: reading and rewriting a day's workbook takes SheetJS seconds
 * once it is large, during which the hub must go on answering, and a workbook too big for the
 * worker's memory stops the worker, not the hub.
 */
const pool = new WorkerPool<AppendTask, AppendAnswer>({
  name: 'excelAppend',
  entry: workerEntry(__filename, 'excelAppendWorker'),
  size: Math.min(2, availableParallelism()),
  idleMs: 60_000,
  resourceLimits: { maxOldGenerationSizeMb: 1024 },
})

async function appendIn(task: AppendTask, name: string): Promise<AppendAnswer> {
  // A copy of its own, moved to the worker.
  const bytes = task.bytes && new Uint8Array(task.bytes)
  try {
    return await pool.run({ ...task, bytes }, { deadlineMs: APPEND_DEADLINE_MS, transfer: bytes ? [bytes.buffer] : [] })
  } catch (err) {
    if (err instanceof WorkerStopped && err.reason !== 'crashed') {
      throw new DeliveryError(keyed(err.reason === 'deadline' ? 'msg_exchange_excel_too_large_deadline' : 'msg_exchange_excel_too_large_memory', { name }), true)
    }
    throw err
  }
}

/** yyyyMMdd of an instant in a time zone. */
export function dayOf(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso))
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}${part('month')}${part('day')}`
}

const partName = (base: string, n: number) => (n === 1 ? `${base}.xlsx` : `${base}_${n}.xlsx`)

/**
 * Appends the message's records to the day's workbook `<base>.xlsx` in the target folder. The
 * caller holds the lock of `base` (fileLock.ts): nobody else writes these files meanwhile.
 *
 * The day's workbooks are walked in order (<base>.xlsx, <base>_2.xlsx, …). One whose ledger
 * (excelAppend.ts) names the message already holds its rows: nothing is written. The message
 * goes whole into the first workbook where it fits under the row limit; a missing one is made
 * (with the sheet's layout) and claimed, never replacing a file; an existing one is rewritten
 * under a temporary name and renamed over the old one (readers see the old or the new
 * workbook, whole).
 */
export async function appendToDay(target: FileTarget, base: string, layout: SheetLayout, job: DeliveryJob, records: Record<string, unknown>[], rowLimit: number): Promise<void> {
  let raced = 0
  for (let n = 1; n <= MAX_PARTS; n++) {
    const name = partName(base, n)
    const bytes = await target.read(name)
    const answer = await appendIn({ bytes, layout, topicCode: job.topicCode, messageId: job.messageId, records, rowLimit }, name)
    if (answer.kind === 'present') return
    if (answer.kind === 'full') continue
    const temp = await target.writeTemp(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength))
    try {
      if (bytes) return await target.replace(temp, name)
      if (await target.claim(temp, name)) return
    } finally {
      await target.discard(temp)
    }
    // Made meanwhile by a writer outside the lock (another hub): read what it holds.
    if (++raced > 3) throw new DeliveryError(keyed('msg_exchange_excel_raced', { name, where: target.where }))
    n--
  }
  throw new DeliveryError(keyed('msg_exchange_excel_parts_full', { base, count: MAX_PARTS }))
}
