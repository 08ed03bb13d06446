import { randomUUID } from 'node:crypto'
import { openTarget } from './fileLocation'
import type { DeliveryJob } from './types'
import { DeliveryError, settingMissing } from '../../kernel/deliveryError'
import { keyed } from '../../text/keyedText'

const EXTENSIONS = { json: '.json', xml: '.xml', text: '.txt' } as const
/** Sequence numbers tried for rule '2' before giving up (a folder with that many files a day). */
const MAX_SEQUENCE = 100_000

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const dateOf = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`
const timestampOf = (d: Date) => `${dateOf(d)}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}${pad(d.getMilliseconds(), 3)}`

/** A prefix may not climb out of the folder or name a hidden file. */
export const safePrefix = (prefix: string) => prefix.replace(/[\\/:*?"<>|\0]/g, '_').replace(/^\.+/, '')

/**
 * file consumers: the message becomes one file. Names follow the dictionary dh_file_name_rule:
 * '1' prefix + timestamp, '2' prefix + date + sequence, '3' prefix + UUID; the extension is the
 * message's format (.json, .xml, .txt).
 *
 * Where: with a data source (a file location, type 3), in the folder fileDir below the
 * location's base folder, on the hub or on its SFTP server (fileDir '/' or '.' is the base
 * folder itself; it may not climb out with '..'). Without one (consumers saved through the API
 * before file locations existed), in fileDir below the hub's folder for consumer files
 * (<dataDir>/consumer-files; never an absolute path or '..': fileLocation.ts). The folder is
 * created when missing.
 *
 * Written atomically (fileTargets.ts): a hidden temporary file first, then its final name, which
 * fails rather than overwrite when the name is taken (then the next name is tried). A reader
 * never sees half a file, and no delivery replaces another's file.
 */
export async function deliverFile(job: DeliveryJob): Promise<void> {
  const model = job.consumer.fileRequestInfoModel
  const dirSetting = model?.fileDir?.trim() ?? ''
  if (!dirSetting) throw settingMissing('msg_exchange_setting_file_dir')
  const prefix = safePrefix(model?.fileNamePrefix ?? '')
  await writeFileInto(job, dirSetting, job.payload.text, (where) => fileNames(where, model?.fileNameRule ?? '1', prefix, EXTENSIONS[job.payload.format]))
}

/** Candidate names for a file in a folder: [name, sequence key of rule '2' or null, its number]. */
export type NameSource = (where: string) => Iterable<[string, string | null, number]>

/** Writes one file into the consumer's folder (see deliverFile), under the first free name. */
export async function writeFileInto(job: DeliveryJob, dirSetting: string, content: string | Buffer, names: NameSource): Promise<void> {
  const target = await openTarget(job, dirSetting)
  try {
    const temp = await target.writeTemp(content)
    try {
      for (const [name, sequenceKey, n] of names(target.where)) {
        if (await target.claim(temp, name)) {
          if (sequenceKey) lastSequence.set(sequenceKey, n)
          return
        }
      }
      throw new DeliveryError(keyed('msg_exchange_file_no_name', { where: target.where }))
    } finally {
      await target.discard(temp)
    }
  } catch (err) {
    if (err instanceof DeliveryError) throw err
    throw new DeliveryError(keyed('msg_exchange_file_write_failed', { where: target.where, reason: (err as NodeJS.ErrnoException).code ?? (err as Error).message ?? String(err) }))
  } finally {
    target.close()
  }
}

/**
 * Rule '2': the last sequence number used per folder, prefix and day, so the next file does
 * not probe every earlier name; after a restart probing starts at 1 again and skips taken names.
 */
const lastSequence = new Map<string, number>()

export function* fileNames(dir: string, rule: string, prefix: string, ext: string): Generator<[string, string | null, number]> {
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
