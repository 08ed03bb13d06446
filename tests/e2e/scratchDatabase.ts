import pg from 'pg'

/** This machine's PostgreSQL, as the e2e data sources reach it. */
export const SERVER = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' }

async function onServer(database: string, sql: string): Promise<void> {
  const client = new pg.Client({ ...SERVER, database })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * Runs `body` while a fresh database `database` exists on this machine's PostgreSQL, made with
 * `sql` (its tables and rows), and drops it afterwards whatever happened.
 */
export async function withScratchDatabase(database: string, sql: string, body: () => Promise<void>): Promise<void> {
  await onServer('postgres', `create database "${database}"`)
  try {
    await onServer(database, sql)
    await body()
  } finally {
    // FORCE: the hub's pool may still hold a connection.
    await onServer('postgres', `drop database if exists "${database}" with (force)`)
  }
}
