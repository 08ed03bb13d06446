import { randomUUID } from 'node:crypto'
import { link, mkdir, open, readFile, rename, unlink } from 'node:fs/promises'
import { join, posix } from 'node:path'
import type { SftpSession } from '../../datahub/dataSources/connect/sftp'
import type { SftpFiles } from '../../datahub/dataSources/connect/sftpFiles'

/**
 * Where a file consumer's files go: a folder on the hub, or one on an SFTP server. Either way a
 * file is written whole under a hidden temporary name in the same folder, then given its final
 * name in one step that fails rather than replace a file already there (a local hard link; on
 * SFTP the protocol's plain rename, which OpenSSH's sftp-server does as link + unlink, so it
 * never overwrites either). A reader never sees half a file under a final name.
 */
export interface FileTarget {
  /** The folder, as shown in the delivery log. */
  readonly where: string
  /** The folder, named so that two targets on the same folder (of any data source) share it: what writers of one file lock on. */
  readonly key: string
  /** Writes the content under a fresh temporary name in the folder and returns that name. */
  writeTemp(content: string | Buffer): Promise<string>
  /** Gives the temporary file its final name; false when that name is taken. */
  claim(temp: string, name: string): Promise<boolean>
  /** Removes the temporary file (after a claim its content lives on under the final name). */
  discard(temp: string): Promise<void>
  /** A file of the folder, whole; null when there is none. */
  read(name: string): Promise<Buffer | null>
  /**
   * Gives the temporary file the final name even when a file has it, in one step (a rename):
   * readers see the old file or the new one, never half of either. Only for a writer that holds
   * the file's lock (excelDay.ts); others claim.
   */
  replace(temp: string, name: string): Promise<void>
  close(): void
}

const tempName = () => `.datahub-${randomUUID()}.tmp`

/** A folder on the hub, created when missing. */
export async function localTarget(dir: string): Promise<FileTarget> {
  await mkdir(dir, { recursive: true })
  return {
    where: dir,
    key: `file://${dir}`,
    async writeTemp(content) {
      const temp = join(dir, tempName())
      const handle = await open(temp, 'wx', 0o640)
      try {
        await handle.writeFile(content)
        await handle.sync()
      } finally {
        await handle.close()
      }
      return temp
    },
    async claim(temp, name) {
      try {
        await link(temp, join(dir, name))
        return true
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
        throw err
      }
    },
    discard: (temp) => unlink(temp).catch(() => {}),
    read: (name) =>
      readFile(join(dir, name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null
        throw err
      }),
    replace: (temp, name) => rename(temp, join(dir, name)),
    close: () => {},
  }
}

/** mkdir -p over SFTP: each missing segment in turn (one made meanwhile by another delivery is fine). */
async function ensureRemoteDir(files: SftpFiles, dir: string): Promise<void> {
  let at = dir.startsWith('/') ? '/' : ''
  for (const part of dir.split('/').filter(Boolean)) {
    at = posix.join(at, part)
    if (await files.exists(at)) continue
    await files.mkdir(at).catch(async (err: Error) => {
      if (!(await files.exists(at))) throw err
    })
  }
}

/** A folder on an SFTP server (below the source's base folder), created when missing; `server` is user@host:port. */
export async function sftpTarget(session: SftpSession, subDir: string, server: string): Promise<FileTarget> {
  const { files } = session
  const dir = posix.join(session.baseDir, subDir)
  try {
    await ensureRemoteDir(files, dir)
  } catch (err) {
    session.end()
    throw err
  }
  return {
    where: `sftp ${dir}`,
    key: `sftp://${server}${dir}`,
    async writeTemp(content) {
      const temp = posix.join(dir, tempName())
      await files.create(temp, content, 0o640)
      return temp
    },
    async claim(temp, name) {
      const target = posix.join(dir, name)
      try {
        await files.rename(temp, target)
        return true
      } catch (err) {
        // SFTP answers a taken name with a bare "Failure": look whether the name is there.
        if (await files.exists(target)) return false
        throw err
      }
    },
    async discard(temp) {
      await files.unlink(temp).catch(() => {})
    },
    read: (name) => files.read(posix.join(dir, name)),
    replace: (temp, name) => files.replace(temp, posix.join(dir, name)),
    close: () => session.end(),
  }
}
