import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { SECRET_KEY_FILE } from '../kernel/secrets'
import { HUB_VERSION } from '../version'
import { SQLITE_FILE } from './connect'
import { makePrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../kernel/privateFiles'

/**
 * Online backup and restore of a SQLite hub (issue 38): `npm run hub -- backup --to <folder>`
 * copies the store with SQLite's backup API while the hub runs (a consistent snapshot: every
 * commit before the copy's last step is in it, none half), beside the secret key the store's
 * passwords and tokens are sealed with (without it they cannot be read after a restore) and a
 * note of what was taken. `npm run hub -- restore --from <folder>` puts them into a data
 * directory of a stopped hub, the files found there moved aside, never deleted. A PostgreSQL hub
 * is backed up with pg_dump (README).
 */
export const BACKUP_NOTE = 'backup.json'

export class BackupError extends Error {}

export interface BackupNote {
  hubVersion: string
  takenAt: string
  /** The store's file, checked with integrity_check after the copy. */
  file: string
  secretKey: boolean
}

/** Fails with the reason when `file` is not a sound SQLite database. */
function checkIntegrity(file: string, sqliteBinding?: string | null): void {
  const db = new Database(file, { readonly: true, fileMustExist: true, ...(sqliteBinding ? { nativeBinding: sqliteBinding } : {}) })
  try {
    const result = db.pragma('integrity_check', { simple: true })
    if (result !== 'ok') throw new BackupError(`${file} fails SQLite's integrity check: ${String(result)}`)
  } finally {
    db.close()
  }
}

/** Copies the data directory's store and secret key into `to` (a new or empty folder). */
export async function backupSqlite(dataDir: string, to: string, options: { sqliteBinding?: string | null; progress?: (done: number, total: number) => void } = {}): Promise<BackupNote> {
  const source = join(dataDir, SQLITE_FILE)
  if (!existsSync(source)) throw new BackupError(`no hub store in ${dataDir} (${SQLITE_FILE} is missing)`)
  if (existsSync(to) && readdirSync(to).length > 0) throw new BackupError(`${to} is not empty: a backup goes into a new or empty folder`)
  mkdirSync(to, { recursive: true, mode: PRIVATE_DIR_MODE })
  const target = join(to, SQLITE_FILE)
  // busy_timeout: the running hub's writes wait for no one; the copy retries the pages they change.
  const db = new Database(source, { fileMustExist: true, ...(options.sqliteBinding ? { nativeBinding: options.sqliteBinding } : {}) })
  try {
    db.pragma('busy_timeout = 5000')
    await db.backup(target, {
      progress: ({ totalPages, remainingPages }) => {
        options.progress?.(totalPages - remainingPages, totalPages)
        // Pages per step: large enough to finish, small enough to let the hub's writes in between.
        return 1000
      },
    })
  } finally {
    db.close()
  }
  makePrivate(target)
  checkIntegrity(target, options.sqliteBinding)
  const key = join(dataDir, SECRET_KEY_FILE)
  const secretKey = existsSync(key)
  if (secretKey) {
    copyFileSync(key, join(to, SECRET_KEY_FILE))
    makePrivate(join(to, SECRET_KEY_FILE))
  }
  const note: BackupNote = { hubVersion: HUB_VERSION, takenAt: new Date().toISOString(), file: SQLITE_FILE, secretKey }
  writeFileSync(join(to, BACKUP_NOTE), JSON.stringify(note, null, 2) + '\n', { mode: PRIVATE_FILE_MODE })
  return note
}

/**
 * Puts a backup into `dataDir` (the hub on it stopped). What was there — the store with its
 * -wal and -shm files, the secret key — is moved to `before-restore-<time>/` in the same folder.
 * Returns that folder, or null when there was nothing to move.
 */
export function restoreSqlite(from: string, dataDir: string, options: { sqliteBinding?: string | null } = {}): string | null {
  const backup = join(from, SQLITE_FILE)
  if (!existsSync(backup)) throw new BackupError(`${from} holds no hub backup (${SQLITE_FILE} is missing)`)
  checkIntegrity(backup, options.sqliteBinding)
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
  // The key stays when the backup has none (it was given as HUB_SECRET_KEY, or there was no secret).
  const withKey = existsSync(join(from, SECRET_KEY_FILE))
  const present = [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-journal`, ...(withKey ? [SECRET_KEY_FILE] : [])].filter((f) => existsSync(join(dataDir, f)))
  let aside: string | null = null
  if (present.length > 0) {
    aside = join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`)
    mkdirSync(aside, { mode: PRIVATE_DIR_MODE })
    for (const f of present) renameSync(join(dataDir, f), join(aside, f))
  }
  const target = join(dataDir, SQLITE_FILE)
  try {
    copyFileSync(backup, target)
    makePrivate(target)
    if (withKey) {
      copyFileSync(join(from, SECRET_KEY_FILE), join(dataDir, SECRET_KEY_FILE))
      makePrivate(join(dataDir, SECRET_KEY_FILE))
    }
  } catch (err) {
    // A half-done restore puts back what was there.
    rmSync(target, { force: true })
    if (aside) for (const f of present) renameSync(join(aside, f), join(dataDir, f))
    throw err
  }
  return aside
}
