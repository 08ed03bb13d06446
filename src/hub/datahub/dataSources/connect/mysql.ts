import mysql from 'mysql2/promise'
import type { ConnectionSpec } from './types'

/** How to reach one MySQL or MariaDB data source, for one connection or a pool of them. */
export const mysqlConfig = (spec: ConnectionSpec): mysql.ConnectionOptions => ({
  host: spec.host,
  port: spec.port,
  user: spec.username,
  password: spec.password,
  database: spec.databaseName,
  connectTimeout: spec.timeoutMs,
  // One statement per call: "select 1; drop table x" is refused by the driver.
  multipleStatements: false,
  // Dates and big numbers as the server writes them, not reinterpreted in the hub's zone.
  dateStrings: true,
  supportBigNumbers: true,
  bigNumberStrings: true,
})

/** A connection to one MySQL or MariaDB data source; the caller ends it. */
export function openMysql(spec: ConnectionSpec): Promise<mysql.Connection> {
  return mysql.createConnection(mysqlConfig(spec))
}

export async function testMysql(spec: ConnectionSpec): Promise<string> {
  const connection = await openMysql(spec)
  try {
    const [rows] = await connection.query({ sql: 'select version() as v', timeout: spec.timeoutMs })
    return String((rows as { v?: unknown }[])[0]?.v ?? '')
  } finally {
    connection.destroy()
  }
}
