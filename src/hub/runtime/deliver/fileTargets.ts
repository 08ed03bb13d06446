import { randomUUID } from 'node:crypto'
import { link, mkdir, open, unlink } from 'node:fs/promises'
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
  /** Writes the content under a fresh temporary name in the folder and returns that name. */
  writeTemp(content: string | Buffer): Promise<string>
  /** Gives the temporary file its final name; false when that name is taken. */
  claim(temp: string, name: string): Promise<boolean>
  /** Removes the temporary file (after a claim its content lives on under the final name). */
  discard(temp: string): Promise<void>
  close(): void
}

const tempName = () => `.datahub-${randomUUID()}.tmp`

/** A folder on the hub, created when missing. */
export async function localTarget(dir: string): Promise<FileTarget> {
  await mkdir(dir, { recursive: true })
  return {
    where: dir,
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

/** A folder on an SFTP server (below the source's base folder), created when missing. */
export async function sftpTarget(session: SftpSession, subDir: string): Promise<FileTarget> {
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
    close: () => session.end(),
  }
}
