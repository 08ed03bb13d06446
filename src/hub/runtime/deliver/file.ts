import { randomUUID } from 'node:crypto'
import { link, mkdir, open, unlink } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'
import { DeliveryError, settingMissing, type DeliveryJob } from './types'

const EXTENSIONS = { json: '.json', xml: '.xml', text: '.txt' } as const
/** Sequence numbers tried for rule '2' before giving up (a folder with that many files a day). */
const MAX_SEQUENCE = 100_000

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const dateOf = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`
const timestampOf = (d: Date) => `${dateOf(d)}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}${pad(d.getMilliseconds(), 3)}`

/** A prefix may not climb out of the folder or name a hidden file. */
const safePrefix = (prefix: string) => prefix.replace(/[\\/:*?"<>|\0]/g, '_').replace(/^\.+/, '')

/**
 * file consumers: the message becomes one file in fileDir (relative folders are inside the
 * hub's data directory; the folder is created when missing). Names follow the dictionary
 * dh_file_name_rule: '1' prefix + timestamp, '2' prefix + date + sequence, '3' prefix + UUID.
 *
 * Written atomically: the content goes to a hidden temporary file, is flushed, then hard-linked
 * under its final name, which fails rather than overwrite when the name is taken (then the next
 * name is tried). A reader never sees half a file, and no delivery replaces another's file.
 */
export async function deliverFile(job: DeliveryJob): Promise<void> {
  const model = job.consumer.fileRequestInfoModel
  const dirSetting = model?.fileDir?.trim() ?? ''
  if (!dirSetting) throw settingMissing('file directory')
  const dir = isAbsolute(dirSetting) ? dirSetting : resolve(job.hub.config.dataDir, dirSetting)
  try {
    await mkdir(dir, { recursive: true })
  } catch (err) {
    throw new DeliveryError(`cannot create the folder ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`)
  }
  const temp = join(dir, `.datahub-${randomUUID()}.tmp`)
  try {
    const handle = await open(temp, 'wx', 0o640)
    try {
      await handle.writeFile(job.payload.text, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    const names = fileNames(dir, model?.fileNameRule ?? '1', safePrefix(model?.fileNamePrefix ?? ''), EXTENSIONS[job.payload.format])
    for (const [name, sequenceKey, n] of names) {
      try {
        await link(temp, join(dir, name))
        if (sequenceKey) lastSequence.set(sequenceKey, n)
        return
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      }
    }
    throw new DeliveryError(`no free file name left in ${dir}`)
  } catch (err) {
    if (err instanceof DeliveryError) throw err
    throw new DeliveryError(`cannot write into ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`)
  } finally {
    await unlink(temp).catch(() => {})
  }
}

/**
 * Rule '2': the last sequence number used per folder, prefix and day, so the next file does
 * not probe every earlier name; after a restart probing starts at 1 again and skips taken names.
 */
const lastSequence = new Map<string, number>()

function* fileNames(dir: string, rule: string, prefix: string, ext: string): Generator<[string, string | null, number]> {
  const now = new Date()
  if (rule === '2') {
    const key = `${dir}\0${prefix}\0${dateOf(now)}`
    for (let n = (lastSequence.get(key) ?? 0) + 1; n <= MAX_SEQUENCE; n++) yield [`${prefix}${dateOf(now)}_${pad(n, 6)}${ext}`, key, n]
    return
  }
  if (rule === '3') {
    yield [`${prefix}${randomUUID()}${ext}`, null, 0]
    return
  }
  // Two messages in the same millisecond: the second gets a suffix.
  yield [`${prefix}${timestampOf(now)}${ext}`, null, 0]
  for (let n = 1; n <= 1000; n++) yield [`${prefix}${timestampOf(now)}_${n}${ext}`, null, 0]
}
