import type { DbType } from '../../../../shared/rules/datahub/dataSource'
import { sqlToolUnsupported } from '../refusals'
import { mysqlDriver } from './mysql'
import { postgresDriver } from './postgres'
import { sqliteDriver } from './sqlite'
import type { SqlDriver } from './types'

const drivers: Partial<Record<DbType, SqlDriver>> = {
  postgresql: postgresDriver,
  mysql: mysqlDriver,
  mariadb: mysqlDriver,
  sqlite: sqliteDriver,
}

/** The SQL tools of a kind; LDAP, MQ and big-data sources have none. */
export function sqlDriverFor(dbType: string): SqlDriver {
  const driver = drivers[dbType as DbType]
  if (!driver) throw sqlToolUnsupported({ kind: dbType })
  return driver
}
