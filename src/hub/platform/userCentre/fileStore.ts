import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ResultCode } from '../../../shared/envelope'
import { baseName } from '../../../shared/rules/platform/userCentre/files'
import type { HubContext } from '../../http/context'
import { Refusal } from '../../kernel/refusal'
import { isoNow, newId } from '../../store/ids'
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../kernel/privateFiles'
import { fileRepository } from './fileRepository'
import { fileNotFound } from './refusals'
import { ucDb, type FilesTable } from './tables'

/**
 * Stored files: the bytes under <data dir>/files/<id> (the id is the hub's uuid, never the
 * caller's name, so no name can reach outside the folder), the metadata in the files table
 * (fileRepository.ts).
 */
const folderOf = (hub: HubContext) => join(hub.config.dataDir, 'files')

export async function saveFile(hub: HubContext, file: { name: string; bytes: Uint8Array; contentType: string; ownerId: string }): Promise<FilesTable> {
  const row: FilesTable = { id: newId(), name: baseName(file.name), content_type: file.contentType, size: file.bytes.byteLength, owner_id: file.ownerId, created_at: isoNow() }
  const folder = folderOf(hub)
  const target = join(folder, row.id)
  const temp = `${target}.part`
  try {
    ensurePrivateDir(folder)
    // Written aside, then renamed: a reader never sees half a file.
    await writeFile(temp, file.bytes, { mode: PRIVATE_FILE_MODE })
    await chmod(temp, PRIVATE_FILE_MODE)
    await rename(temp, target)
  } catch (err) {
    await rm(temp, { force: true })
    hub.log(`file upload: cannot write ${target}: ${String(err)}`)
    throw new Refusal(ResultCode.systemError, 'msg_uc_upload_failed')
  }
  try {
    await fileRepository.insert(ucDb(hub.store.db), row)
  } catch (err) {
    await rm(target, { force: true })
    throw err
  }
  return row
}

/** The file's row and bytes; '4040' when either is gone. */
export async function loadFile(hub: HubContext, id: string): Promise<{ row: FilesTable; bytes: Uint8Array<ArrayBuffer> }> {
  const row = await fileRepository.stored(ucDb(hub.store.db), id)
  try {
    return { row, bytes: new Uint8Array(await readFile(join(folderOf(hub), row.id))) }
  } catch {
    throw fileNotFound()
  }
}
