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
}

const done = <T>(resolve: (v: T) => void, reject: (e: Error) => void) => (err: Error | null | undefined, value: T) => (err ? reject(err) : resolve(value))

export function sftpFiles(sftp: SFTPWrapper): SftpFiles {
  const stat = (path: string) => new Promise<Stats>((resolve, reject) => sftp.stat(path, done(resolve, reject)))
  return {
    realpath: (path) => new Promise((resolve, reject) => sftp.realpath(path, done(resolve, reject))),
    stat,
    exists: (path) => stat(path).then(() => true, () => false),
    readdir: (path) => new Promise((resolve, reject) => sftp.readdir(path, (err, list) => (err ? reject(err) : resolve(list.map((e) => e.filename))))),
    mkdir: (path) => new Promise((resolve, reject) => sftp.mkdir(path, (err) => (err ? reject(err) : resolve()))),
    create: (path, content, mode) => new Promise((resolve, reject) => sftp.writeFile(path, content, { flag: 'wx', mode }, (err) => (err ? reject(err) : resolve()))),
    rename: (from, to) => new Promise((resolve, reject) => sftp.rename(from, to, (err) => (err ? reject(err) : resolve()))),
    unlink: (path) => new Promise((resolve, reject) => sftp.unlink(path, (err) => (err ? reject(err) : resolve()))),
  }
}
