import { randomBytes } from 'node:crypto'
import { link, mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
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

/** The workbook's own name, made a plain file name the inbox reads (no folder, no leading dot or ~$). */
export function inboxName(uploaded: string): string {
  const base = uploaded.split(/[\\/]/).pop() ?? ''
  const plain = [...base].map((c) => (c.charCodeAt(0) < 0x20 || '<>:"|?*'.includes(c) ? '_' : c)).join('').trim().replace(/^(\.|~\$)+/, '').trim()
  const ext = /\.xlsx?$/i.exec(base)?.[0].toLowerCase() ?? '.xlsx'
  if (plain.length <= ext.length || !plain.toLowerCase().endsWith(ext)) return `workbook${ext}`
  // Within the usual 255 bytes, with room for the " (n)" a name already waiting makes us add.
  return Buffer.byteLength(plain) > 200 ? `${[...plain].slice(0, 50).join('')}${ext}` : plain
}

/**
 * Puts a workbook into the inbox whole: written under a dot-name the runs ignore, then linked
 * under its own name, so a run never reads half a file. A workbook of that name still waiting
 * is not replaced: this one becomes "name (2).xlsx", and so on. Its time is set back past the
 * settle time, as it is complete the moment it appears. Answers the name it got.
 */
export async function dropWorkbook(inbox: string, uploaded: string, bytes: Uint8Array, now = Date.now()): Promise<string> {
  await mkdir(inbox, { recursive: true })
  const name = inboxName(uploaded)
  const temporary = join(inbox, `.upload-${randomBytes(6).toString('hex')}`)
  try {
    await writeFile(temporary, bytes, { mode: 0o600 })
    const settled = new Date(now - INBOX_SETTLE_MS - 1_000)
    await utimes(temporary, settled, settled)
    const ext = extname(name)
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${name.slice(0, -ext.length)} (${n})${ext}`
      try {
        // A link, unlike a rename, never replaces a file already there.
        await link(temporary, join(inbox, candidate))
        return candidate
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 1000) throw err
      }
    }
  } finally {
    await rm(temporary, { force: true })
  }
}
