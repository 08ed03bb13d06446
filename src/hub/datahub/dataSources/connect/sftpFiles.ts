import { randomUUID } from 'node:crypto'
import { posix } from 'node:path'
import type { SFTPWrapper, Stats } from 'ssh2'

/** The few SFTP calls the hub makes, as promises (ssh2 answers by callback). */
export interface SftpFiles {
  realpath(path: string): Promise<string>
  stat(path: string): Promise<Stats>
  /** Whether something exists at the path (any failure reads as no). */
  exists(path: string): Promise<boolean>
  readdir(path: string): Promise<string[]>
  mkdir(path: string): Promise<void>
  /** Creates the file ('wx': never replaces one) with the whole content. */
  create(path: string, content: string | Buffer, mode: number): Promise<void>
  /** The protocol's plain rename: OpenSSH refuses it when the new name is taken. */
  rename(from: string, to: string): Promise<void>
  unlink(path: string): Promise<void>
  /** The whole file; null when there is none. */
  read(path: string): Promise<Buffer | null>
  /**
   * Renames over an existing file in one step: OpenSSH's posix-rename@openssh.com. A server
   * without it gets the old file moved aside first, so the name is briefly missing, never half
   * written, and the old file comes back when the second step fails.
   */
  replace(from: string, to: string): Promise<void>
}

const done = <T>(resolve: (v: T) => void, reject: (e: Error) => void) => (err: Error | null | undefined, value: T) => (err ? reject(err) : resolve(value))

export function sftpFiles(sftp: SFTPWrapper): SftpFiles {
  const stat = (path: string) => new Promise<Stats>((resolve, reject) => sftp.stat(path, done(resolve, reject)))
  const rename = (from: string, to: string) => new Promise<void>((resolve, reject) => sftp.rename(from, to, (err) => (err ? reject(err) : resolve())))
  const unlink = (path: string) => new Promise<void>((resolve, reject) => sftp.unlink(path, (err) => (err ? reject(err) : resolve())))
  const posixRename = (from: string, to: string) => new Promise<void>((resolve, reject) => sftp.ext_openssh_rename(from, to, (err) => (err ? reject(err) : resolve())))
  // ssh2 lists the extensions the server announced (not in its typings).
  const announces = (name: string) => Boolean((sftp as unknown as { _extensions?: Record<string, unknown> })._extensions?.[name])
  return {
    realpath: (path) => new Promise((resolve, reject) => sftp.realpath(path, done(resolve, reject))),
    stat,
    exists: (path) => stat(path).then(() => true, () => false),
    readdir: (path) => new Promise((resolve, reject) => sftp.readdir(path, (err, list) => (err ? reject(err) : resolve(list.map((e) => e.filename))))),
    mkdir: (path) => new Promise((resolve, reject) => sftp.mkdir(path, (err) => (err ? reject(err) : resolve()))),
    create: (path, content, mode) => new Promise((resolve, reject) => sftp.writeFile(path, content, { flag: 'wx', mode }, (err) => (err ? reject(err) : resolve()))),
    rename,
    unlink,
    read: async (path) => {
      if (!(await stat(path).then(() => true, () => false))) return null
      return new Promise<Buffer>((resolve, reject) => sftp.readFile(path, done(resolve, reject)))
    },
    replace: async (from, to) => {
      if (announces('posix-rename@openssh.com')) return posixRename(from, to)
      const aside = posix.join(posix.dirname(to), `.datahub-${randomUUID()}.old`)
      const had = await stat(to).then(() => true, () => false)
      if (had) await rename(to, aside)
      try {
        await rename(from, to)
      } catch (err) {
        if (had) await rename(aside, to).catch(() => {})
        throw err
      }
      if (had) await unlink(aside).catch(() => {})
    },
  }
}
