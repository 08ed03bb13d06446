import { mkdirSync, realpathSync, statSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { SQLITE_FILE } from '../../../store/connect'
import { sqliteOutsideFolder } from '../refusals'
import type { ConnectionSpec } from './types'

type FileSpec = Pick<ConnectionSpec, 'databaseName' | 'dataDir' | 'sqliteSourcesDir'>

/** True when `inner` is `outer` or lies below it (both real paths). */
const within = (outer: string, inner: string) => {
  const rel = relative(outer, inner)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

const real = (path: string): string | null => {
  try {
    return realpathSync(path)
  } catch {
    return null
  }
}

/** A hard link has no path to follow: the store's file is recognised by its inode. */
function sameFile(a: string, b: string): boolean {
  try {
    const [x, y] = [statSync(a), statSync(b)]
    return x.dev === y.dev && x.ino === y.ino
  } catch {
    return false
  }
}

/**
 * The file a SQLite data source names, only inside the hub's folder for them
 * (HUB_SQLITE_SOURCES_DIR, default <dataDir>/sqlite-sources): otherwise `hub.sqlite` would open
 * the hub's own store (users and their password hashes) and any path would read any file the
 * hub may read. A relative name is taken from that folder. Symbolic links are resolved before
 * the check, so a link inside the folder cannot point out of it; the folder itself may never be,
 * or hold, the data directory. A file that does not exist is left to the driver to report
 * (`fileMustExist`), once its folder has passed the same check.
 */
export function sqliteFile(spec: FileSpec): string {
  // The default folder is made on first use, so an administrator sees where files go.
  try {
    mkdirSync(spec.sqliteSourcesDir, { recursive: true })
  } catch {
    // Reported below as the folder rule.
  }
  const folder = real(spec.sqliteSourcesDir)
  const refuse = () => sqliteOutsideFolder({ folder: spec.sqliteSourcesDir })
  if (!folder) throw refuse()
  const dataDir = real(spec.dataDir) ?? resolve(spec.dataDir)
  if (within(folder, dataDir)) throw refuse()
  const named = resolve(folder, spec.databaseName)
  const parent = real(dirname(named))
  const target = real(named) ?? (parent ? join(parent, basename(named)) : null)
  if (!target || target === folder || !within(folder, target) || sameFile(target, join(dataDir, SQLITE_FILE))) throw refuse()
  return target
}

/** The same check for writers (consumers writing into a SQLite source). */
export const sqlitePath = sqliteFile
