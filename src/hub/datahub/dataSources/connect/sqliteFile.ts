import { isAbsolute, resolve } from 'node:path'
import type { ConnectionSpec } from './types'

/** A SQLite data source is a file; a relative path is taken from the hub's data directory. */
export const sqlitePath = (spec: Pick<ConnectionSpec, 'databaseName' | 'dataDir'>): string =>
  isAbsolute(spec.databaseName) ? spec.databaseName : resolve(spec.dataDir, spec.databaseName)
