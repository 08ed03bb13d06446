import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { decryptSecret, encryptSecret, secretKey } from '../../../src/hub/kernel/secrets'
import { openStore } from '../../../src/hub/store'
import { describeEachStore, PG_SERVER_URL, storeTargets } from '../../support/stores'
import { openBench, type Bench } from '../datahub/support'
import { httpConsumer, keepPushing, openFlow, startSink, type Sink } from '../runtime/support'

/**
 * Backup and restore of a PostgreSQL hub (issue 38), by README's recipe: `pg_dump -Fc` while the
 * hub takes pushes, `pg_restore --clean --if-exists` into a database with the nodes stopped, the
 * secret key kept beside the dump. Every push acknowledged before the dump started is in the
 * restored store, and a hub opens it. The real pg_dump and pg_restore of the machine's PostgreSQL.
 */
const targets = (await storeTargets()).filter((t) => t.name === 'postgres')

/** Runs a PostgreSQL client tool; its exit code and what it said. */
const tool = (command: string, args: string[]) =>
  new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => (output += c))
    child.on('error', (err) => done({ code: -1, output: String(err) }))
    child.on('close', (code) => done({ code, output }))
  })

describeEachStore(targets, 'backup and restore of a PostgreSQL hub (pg_dump, pg_restore)', (target) => {
  let bench: Bench
  let sink: Sink
  let dir: string
  const restoredDb = `dh_restore_${Date.now().toString(36)}`
  const restoredUrl = (() => {
    const url = new URL(PG_SERVER_URL)
    url.pathname = `/${restoredDb}`
    return url.toString()
  })()
  const server = async (sql: string) => {
    const client = new pg.Client({ connectionString: PG_SERVER_URL })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    bench = await openBench(target)
    sink = await startSink()
    dir = await mkdtemp(join(tmpdir(), 'dh-pgbackup-'))
  })
  afterAll(async () => {
    await bench?.close()
    await sink?.close()
    await server(`drop database if exists "${restoredDb}" with (force)`)
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('dumps while pushes go on and restores every message acknowledged before the dump, with the secret key', async () => {
    const { databaseUrl, dataDir } = bench.hub.config
    const sealed = encryptSecret(secretKey(dataDir), 'pg-password-7')
    const flow = await openFlow(bench, { consumers: [httpConsumer(sink.url)] })
    const pushing = keepPushing(bench, flow.topic.code)
    const { acked } = pushing
    await pushing.until(200)

    const before = new Set(acked)
    const dumpFile = join(dir, 'hub.dump')
    const dump = await tool('pg_dump', ['-Fc', '-f', dumpFile, databaseUrl!])
    const during = acked.length
    await pushing.stop()
    expect(dump.code, dump.output).toBe(0)
    // The hub kept taking pushes while the dump ran.
    expect(during).toBeGreaterThan(before.size)

    await server(`create database "${restoredDb}"`)
    const restore = await tool('pg_restore', ['--clean', '--if-exists', '-d', restoredUrl, dumpFile])
    expect(restore.code, restore.output).toBe(0)

    // A hub opens the restored database (its schema is current: nothing to migrate) and has every acknowledged message.
    const restored = await openStore({ dataDir, databaseUrl: restoredUrl })
    try {
      expect(restored.newerMigrations).toEqual([])
      const ids = new Set((await sql<{ id: string }>`select id from dh_messages`.execute(restored.db)).rows.map((r) => r.id))
      expect([...before].filter((id) => !ids.has(id))).toEqual([])
    } finally {
      await restored.close()
    }
    // The key kept beside the dump still opens what the store sealed.
    expect(decryptSecret(secretKey(dataDir, {}), sealed)).toBe('pg-password-7')
  })
})
