import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { HubConfig } from '../../config'
import { isoNow } from '../../store/ids'

/**
 * An excel producer's inbox on the hub: `<data dir>/excel-inbox/<topic code>/`. Workbooks are
 * dropped there (by the console's "run with this file", or by anyone who can write the folder)
 * and each run reads those present, oldest first. A workbook read to its end moves to `done/`;
 * one that cannot be read moves to `failed/` beside a `.reason.txt` saying why. Names in both
 * are prefixed with the time they were moved, so a workbook dropped again under the same name
 * never overwrites an earlier one.
 */
export const inboxOf = (config: Pick<HubConfig, 'dataDir'>, topicCode: string): string => join(config.dataDir, 'excel-inbox', topicCode.replace(/[^\w.-]/g, '_'))

/**
 * A workbook changed this recently may still be being copied in: it waits for the next run.
 * (The console writes under a temporary name and renames, so its files are whole at once.)
 */
export const INBOX_SETTLE_MS = 2_000

/** Temporary names of workbooks still being written (the console's upload, office lock files). */
const unfinished = (name: string) => name.startsWith('.') || name.startsWith('~$')

export interface InboxWorkbook {
  name: string
  /** Size and modification time: tells a workbook dropped again under the same name from the one read before. */
  stamp: string
  size: number
}

/** The workbooks waiting in the inbox (made when missing), oldest first, then by name. */
export async function waitingWorkbooks(inbox: string, now = Date.now()): Promise<InboxWorkbook[]> {
  await mkdir(inbox, { recursive: true })
  const found: (InboxWorkbook & { mtime: number })[] = []
  for (const entry of await readdir(inbox, { withFileTypes: true })) {
    if (!entry.isFile() || unfinished(entry.name) || !/\.xlsx?$/i.test(entry.name)) continue
    const info = await stat(join(inbox, entry.name))
    if (now - info.mtimeMs < INBOX_SETTLE_MS) continue
    found.push({ name: entry.name, stamp: `${info.size}:${Math.trunc(info.mtimeMs)}`, size: info.size, mtime: info.mtimeMs })
  }
  found.sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name))
  return found.map(({ name, stamp, size }) => ({ name, stamp, size }))
}

/** Moves a workbook out of the inbox into `done/` or, with its reason, `failed/`. */
export async function shelve(inbox: string, name: string, outcome: 'done' | 'failed', reason?: string): Promise<void> {
  const folder = join(inbox, outcome)
  await mkdir(folder, { recursive: true })
  const moved = `${isoNow().replace(/[:.]/g, '-')}_${name}`
  await rename(join(inbox, name), join(folder, moved))
  if (reason !== undefined) await writeFile(join(folder, `${moved}.reason.txt`), `${reason}\n`)
}
