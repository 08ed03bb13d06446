import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'

/**
 * The data directory holds the store, the key that encrypts stored secrets, the initial admin
 * password and uploaded files: only the hub's own user may read them. Modes are set with chmod
 * after creating, so they do not depend on the umask the hub was started with (better-sqlite3
 * alone creates hub.sqlite 0644 under the usual umask 022).
 */
export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/**
 * Creates `dir` (and missing parents) 0700. A directory that already exists keeps its mode:
 * the operator may have chosen one on purpose (or pointed the hub at a shared folder).
 */
export function ensurePrivateDir(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  if (first === undefined) return
  setMode(dir, PRIVATE_DIR_MODE)
  if (first !== dir) setMode(first, PRIVATE_DIR_MODE)
}

/** Creates `file` empty if it is missing, and makes it (new or old) 0600. */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE))
  setMode(file, PRIVATE_FILE_MODE)
}

/** Makes `file` 0600 if it exists. */
export function makePrivate(file: string): void {
  if (existsSync(file)) setMode(file, PRIVATE_FILE_MODE)
}

function setMode(path: string, mode: number): void {
  try {
    chmodSync(path, mode)
  } catch {
    // Not every file system keeps modes (e.g. Windows, some network mounts); nothing to protect there.
  }
}
