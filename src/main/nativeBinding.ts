import path from 'node:path'

/**
 * Where a better-sqlite3 binary built for Electron's ABI may be: shipped beside the app by
 * electron-builder (`<resources>/native/`), or built for `npm start` into `.electron-native/`
 * of the project (git-ignored). The Node build in node_modules stays for the tests
 * (README, "Native modules and Electron").
 */
export function sqliteBindingCandidates(where: { resourcesPath: string; appPath: string; isPackaged: boolean }): string[] {
  return where.isPackaged
    ? [path.join(where.resourcesPath, 'native', 'better_sqlite3.node')]
    : [path.join(where.appPath, '.electron-native', 'better_sqlite3.node')]
}

/** The first candidate that exists, or null (the hub then loads better-sqlite3's default build). */
export function findSqliteBinding(candidates: string[], exists: (file: string) => boolean): string | null {
  return candidates.find((file) => exists(file)) ?? null
}
