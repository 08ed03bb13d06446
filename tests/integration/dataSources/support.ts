import { randomBytes } from 'node:crypto'
import { connect, createServer, type AddressInfo } from 'node:net'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { describe, it } from 'vitest'
import * as ds from '../../../src/shared/contract/datahub/dataSources'
import type { DataSource, DataSourceInput } from '../../../src/shared/contract/datahub/dataSources'
import type { DsBench as Bench } from './bench'

/**
 * The services of the build machines the data-source tests connect to for real. Each test
 * creates its own table names and drops them after. A service that is not there skips its
 * tests with a message; with CI=true that is a failure instead (as tests/support/stores).
 */
export const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' }
export const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', database: 'test' }
export const RABBITMQ = { host: '127.0.0.1', port: 5672, user: 'guest', password: 'guest' }

export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`

/** A port nothing listens on: bound and released by the OS just now. */
export function closedPort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port
      server.close(() => done(port))
    })
    server.on('error', fail)
  })
}

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port })
    socket.setTimeout(1500, () => {
      socket.destroy()
      done(false)
    })
    socket.on('connect', () => {
      socket.destroy()
      done(true)
    })
    socket.on('error', () => done(false))
  })
}

export const services = {
  postgres: await portOpen(PG.host, PG.port),
  mariadb: await portOpen(MARIADB.host, MARIADB.port),
  rabbitmq: await portOpen(RABBITMQ.host, RABBITMQ.port),
}

/** describe, or skipped with the reason (failing under CI=true) when the service is missing. */
export function describeWith(service: keyof typeof services, title: string, body: () => void): void {
  if (services[service]) {
    describe(title, body)
    return
  }
  if (process.env.CI === 'true') {
    describe(title, () => it(`${service} is missing`, () => {
      throw new Error(`CI=true: ${service} is not reachable`)
    }))
    return
  }
  console.warn(`skipping "${title}": ${service} is not reachable`)
  describe.skip(`${title} — skipped, ${service} is missing`, body)
}

export async function withPg<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...PG })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export async function withMariadb<T>(work: (c: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({ ...MARIADB })
  try {
    return await work(connection)
  } finally {
    await connection.end()
  }
}

/** A data source created as the admin (enabled unless said otherwise). */
export function createSource(bench: Bench, input: Partial<DataSourceInput> & Pick<DataSourceInput, 'sourceType' | 'dbType'>): Promise<DataSource> {
  return bench.ok<DataSource>(ds.datasourceCreate, { name: uniqueName('ds'), applicationCode: 'crm', ...input })
}

export const pgSource = (extra: Partial<DataSourceInput> = {}): Partial<DataSourceInput> & Pick<DataSourceInput, 'sourceType' | 'dbType'> => ({
  sourceType: '1', dbType: 'postgresql', host: PG.host, port: String(PG.port), databaseName: PG.database, username: PG.user, ...extra,
})
export const mariadbSource = (extra: Partial<DataSourceInput> = {}): Partial<DataSourceInput> & Pick<DataSourceInput, 'sourceType' | 'dbType'> => ({
  sourceType: '1', dbType: 'mariadb', host: MARIADB.host, port: String(MARIADB.port), databaseName: MARIADB.database, username: MARIADB.user, ...extra,
})

/** A dblink producer model reading from `dataSourceName` (the fields its rules require). */
export const dblinkModel = (dataSourceName: string, querySql = 'select 1') => ({
  dataSourceName, dataGetMethod: '1', queryType: 'pageList', querySql, dataSynch: 'all', batchGetData: '0', failRetry: '0',
})
