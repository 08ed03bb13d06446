import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as ds from '../../../src/shared/contract/datahub/dataSources'
import { sqliteSourcesDir } from '../../../src/hub/config'
import { createSqliteLocation } from '../../support/stores'
import { openDsBench, refusal, type DsBench } from './bench'
import { closedPort, MARIADB, PG, RABBITMQ, services } from './support'

/** Real connections to the machine's services; one SQLite-store hub is enough (the store plays no part). */
describe('data source connection test', () => {
  let bench: DsBench
  let dir: string
  beforeAll(async () => {
    bench = await openDsBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
    // SQLite sources live in the hub's folder for them (HUB_SQLITE_SOURCES_DIR).
    await mkdir(sqliteSourcesDir(bench.hub.config), { recursive: true })
    dir = await mkdtemp(join(sqliteSourcesDir(bench.hub.config), 'dh-ds-'))
  })
  afterAll(async () => {
    await bench?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const test = (input: object) => bench.send<{ serverVersion: string; elapsedMs: number }>(ds.datasourceTest, input)

  it.runIf(services.postgres)('connects to PostgreSQL and reports its version', async () => {
    const answer = await test({ sourceType: '1', dbType: 'postgresql', host: PG.host, port: String(PG.port), databaseName: PG.database, username: PG.user })
    expect(answer.body).toMatchObject({ code: '2000', message: '连接成功' })
    expect(answer.body.data?.serverVersion).toMatch(/^PostgreSQL \d+/)
  })

  it.runIf(services.postgres)('says which database does not exist', async () => {
    const answer = await test({ sourceType: '1', dbType: 'postgresql', host: PG.host, databaseName: 'no_such_db_x', username: PG.user })
    expect(refusal(answer)).toEqual({ code: '4090', message: expect.stringMatching(/^数据源连接失败：.*no_such_db_x.*does not exist/) })
  })

  it.runIf(services.mariadb)('connects to MariaDB, and refuses a wrong password without echoing it', async () => {
    const good = await test({ sourceType: '1', dbType: 'mariadb', host: MARIADB.host, port: String(MARIADB.port), databaseName: MARIADB.database, username: MARIADB.user })
    expect(good.body.code).toBe('2000')
    expect(good.body.data?.serverVersion).toMatch(/MariaDB/)
    const bad = await test({ sourceType: '1', dbType: 'mariadb', host: MARIADB.host, databaseName: MARIADB.database, username: MARIADB.user, password: 'Wr0ng-Pa55' })
    expect(refusal(bad)).toEqual({ code: '4090', message: expect.stringMatching(/^数据源连接失败：Access denied for user 'root'/) })
    expect(bad.body.message).not.toContain('Wr0ng-Pa55')
  })

  // Which of refused, filtered or another protocol it was is not said (tests/security/dataSourceProbe).
  it('fails on a closed port with a clear message, in English too', async () => {
    const port = String(await closedPort())
    const answer = await test({ sourceType: '1', dbType: 'postgresql', host: '127.0.0.1', port, databaseName: 'x', username: 'u', timeout: 1 })
    expect(refusal(answer)).toEqual({ code: '4090', message: `数据源连接失败：无法连接到 127.0.0.1:${port}` })
    const english = await bench.send(ds.datasourceTest, { sourceType: '4', dbType: 'rabbitmq', host: '127.0.0.1', port, timeout: 1 }, { locale: 'en' })
    expect(english.body.message).toBe(`Data source connection failure: could not connect to 127.0.0.1:${port}`)
  })

  it('stops at the source timeout when a server accepts and never answers', async () => {
    const silent: Server = createServer(() => {})
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
    const port = String((silent.address() as { port: number }).port)
    const started = Date.now()
    const answer = await test({ sourceType: '1', dbType: 'mariadb', host: '127.0.0.1', port, databaseName: 'x', username: 'u', timeout: 1 })
    // The source's 1 s, not the driver's own 10 s connect timeout; room left for a busy machine.
    expect(Date.now() - started).toBeLessThan(8000)
    expect(refusal(answer)).toEqual({ code: '4090', message: expect.stringMatching(/^数据源连接失败：/) })
    silent.close()
  })

  it('opens a SQLite file read-only, and says when the file is missing or no database', async () => {
    const file = join(dir, 'ok.sqlite')
    const db = new Database(file)
    db.exec('create table t (a integer)')
    db.close()
    const ok = await test({ sourceType: '1', dbType: 'sqlite', databaseName: file })
    expect(ok.body.data?.serverVersion).toMatch(/^SQLite 3\./)
    const missing = await test({ sourceType: '1', dbType: 'sqlite', databaseName: join(dir, 'missing.sqlite') })
    expect(refusal(missing).message).toBe('数据源连接失败：unable to open database file')
    await writeFile(join(dir, 'text.sqlite'), 'this is not a database, just text long enough to have a header')
    expect(refusal(await test({ sourceType: '1', dbType: 'sqlite', databaseName: join(dir, 'text.sqlite') })).message).toMatch(/not a database/)
  })

  it.runIf(services.rabbitmq)('logs in to RabbitMQ, and refuses a wrong password', async () => {
    const good = await test({ sourceType: '4', dbType: 'rabbitmq', host: RABBITMQ.host, username: RABBITMQ.user, password: RABBITMQ.password })
    expect(good.body.data?.serverVersion).toMatch(/RabbitMQ/)
    const bad = await test({ sourceType: '4', dbType: 'rabbitmq', host: RABBITMQ.host, username: RABBITMQ.user, password: 'not-guest' })
    expect(refusal(bad)).toEqual({ code: '4090', message: expect.stringMatching(/^数据源连接失败：.*ACCESS.REFUSED/) })
  })

  it('logs in to ActiveMQ over STOMP (a mock broker: no ActiveMQ on this machine)', async () => {
    const frames: string[] = []
    const mockBroker = createServer((socket) => {
      socket.on('data', (d) => {
        const frame = d.toString()
        frames.push(frame)
        if (!frame.startsWith('CONNECT')) return
        if (frame.includes('passcode:right')) socket.write('CONNECTED\nversion:1.2\nserver:ActiveMQ/5.18.3\n\n\0')
        else socket.write('ERROR\nmessage:User name [admin] or password is invalid.\n\n\0')
      })
    })
    await new Promise<void>((r) => mockBroker.listen(0, '127.0.0.1', r))
    const port = String((mockBroker.address() as { port: number }).port)
    const good = await test({ sourceType: '4', dbType: 'activemq', host: '127.0.0.1', port, username: 'admin', password: 'right' })
    expect(good.body).toMatchObject({ code: '2000', data: { serverVersion: 'ActiveMQ/5.18.3' } })
    expect(frames[0]).toContain('login:admin')
    const bad = await test({ sourceType: '4', dbType: 'activemq', host: '127.0.0.1', port, username: 'admin', password: 'wrong' })
    expect(refusal(bad).message).toBe('数据源连接失败：User name [admin] or password is invalid.')
    mockBroker.close()
  })

  it('answers "driver load failure" for kinds without a driver, never a fake success', async () => {
    const answer = await test({ sourceType: '5', dbType: 'hbase', host: '127.0.0.1' })
    expect(refusal(answer)).toEqual({ code: '4090', message: '驱动加载失败：数据中心未提供 hbase 驱动，无法连接' })
    expect((await test({ sourceType: '5', dbType: 'oracle', host: 'x' })).body.code).toBe('4001')
  })

  it('fails on LDAP when nothing listens (no LDAP server on this machine)', async () => {
    const answer = await test({ sourceType: '2', dbType: 'ldap', host: '127.0.0.1', port: String(await closedPort()), username: 'cn=admin,dc=example,dc=org', password: 'x', timeout: 2 })
    expect(refusal(answer).message).toMatch(/^数据源连接失败：/)
  })
})
